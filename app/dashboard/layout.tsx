import { VerifyEmailNotice } from "@/components/auth/resend-verification";
import { SiteShell } from "@/components/site/site-shell";
import { requireUser } from "@/lib/auth/guards";
import { needsVerification } from "@/lib/accounts/account-email";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser("/dashboard");
  return (
    <SiteShell>
      {needsVerification(user) && (
        <div className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6 lg:px-8">
          <VerifyEmailNotice email={user.email} message="Verify your email address to vote and report surveys." />
        </div>
      )}
      {children}
    </SiteShell>
  );
}
