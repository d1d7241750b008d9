import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { redirectIfSignedIn } from "@/components/auth/signed-in-redirect";
import { LoginForm } from "@/components/auth/login-form";

export const metadata: Metadata = { title: "Login to your account", robots: { index: false } };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await redirectIfSignedIn(searchParams);
  return (
    <AuthCard title="Login to your account">
      <LoginForm />
    </AuthCard>
  );
}
