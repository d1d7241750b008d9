import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { redirectIfSignedIn } from "@/components/auth/signed-in-redirect";
import { RegisterForm } from "@/components/auth/register-form";

export const metadata: Metadata = { title: "Register for your account", robots: { index: false } };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await redirectIfSignedIn(searchParams);
  return (
    <AuthCard title="Register for your account">
      <RegisterForm />
    </AuthCard>
  );
}
