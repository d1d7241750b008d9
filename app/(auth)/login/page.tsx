import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";

export const metadata: Metadata = { title: "Login to your account", robots: { index: false } };

export default function Page() {
  return (
    <AuthCard title="Login to your account">
      <LoginForm />
    </AuthCard>
  );
}
