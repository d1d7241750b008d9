import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { RegisterForm } from "@/components/auth/register-form";

export const metadata: Metadata = { title: "Register for your account", robots: { index: false } };

export default function Page() {
  return (
    <AuthCard title="Register for your account">
      <RegisterForm />
    </AuthCard>
  );
}
