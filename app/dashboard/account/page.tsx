import { Download } from "lucide-react";
import type { Metadata } from "next";
import { AccountSection } from "@/components/account/account-section";
import { EmailSection } from "@/components/account/email-section";
import { MailPreferencesSection } from "@/components/account/mail-preferences-section";
import { DeleteAccount } from "@/components/account/delete-account";
import { PasskeysSection } from "@/components/account/passkeys-section";
import { PasswordForm } from "@/components/account/password-form";
import { SecondFactorSection } from "@/components/account/second-factor-section";
import { ApiKeysSection } from "@/components/account/api-keys-section";
import { ProfileForm } from "@/components/account/profile-form";
import { SessionsList } from "@/components/account/sessions-list";
import { ChangePicture } from "@/components/auth/change-picture";
import { buttonVariants } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import { lacksRequiredSecondFactor } from "@/lib/auth/second-factor-gate";
import { formatDateTime, formatTimeAgo } from "@/lib/dates";
import { getEnv } from "@/lib/env";
import { mailConfigured } from "@/lib/mail/transport";
import { accountStateOf, listSessions } from "@/lib/accounts/account";
import { secondFactorStatus } from "@/lib/accounts/second-factor";
import { getMailPreferences } from "@/lib/surveys/notifications";

export const metadata: Metadata = { title: "Account" };

/** What the account's address is for, as this site uses it: sign-in, and the mail it sends (if any). */
function emailUse(hasPassword: boolean, mailEnabled: boolean): string {
  const signIn = hasPassword ? "You sign in with it and your password." : "Your Google account's address, which names your account here.";
  if (!mailEnabled) return signIn;
  const mail = "We send your account's emails to it (address confirmations, password resets) and those you choose under Email preferences.";
  return `${signIn} ${mail}${hasPassword ? " A new address is used once you confirm it from its inbox." : ""}`;
}

export default async function AccountPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser("/dashboard/account");
  const [state, { sessions, total }, preferences, secondFactor, params] = await Promise.all([
    accountStateOf(user),
    listSessions(user.id, user.sessionId),
    getMailPreferences(user.id),
    secondFactorStatus(user),
    searchParams,
  ]);
  // Sent here because the role needs a second factor (the admin pages' guard), or it does anyway.
  const setupAsked = params.setup === "second-factor" || secondFactor.required;
  const { totpSince } = secondFactor;
  const mailEnabled = mailConfigured();
  const timeZone = getEnv().APP_TIME_ZONE;
  const now = new Date();
  const listed = sessions.map((s) => ({
    id: s.id,
    browser: s.browser,
    os: s.os,
    current: s.current,
    createdAt: s.createdAt.toISOString(),
    signedIn: formatDateTime(s.createdAt, timeZone),
    lastSeenAt: s.lastSeenAt.toISOString(),
    lastActive: formatTimeAgo(s.lastSeenAt, now, timeZone),
    signInMethod: s.signInMethod,
  }));

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Account</h1>
        <p className="mt-1 break-words text-slate-600">
          Signed in as <span className="font-medium">{user.email}</span>.
        </p>
      </div>

      <AccountSection id="profile" title="Profile" description="Your name and picture, as others see them on your surveys and comments.">
        <div className="space-y-6">
          <ProfileForm name={user.name} />
          <ChangePicture image={user.image} name={user.name || user.email} />
        </div>
      </AccountSection>

      <AccountSection id="email" title="Email address" description={emailUse(state.hasPassword, mailEnabled)}>
        <EmailSection email={user.email} verified={user.emailVerified !== null} hasPassword={state.hasPassword} mailEnabled={mailEnabled} />
      </AccountSection>

      <AccountSection
        id="mail"
        title="Email preferences"
        description="Emails about your account itself (confirming your address, resetting your password) are always sent."
      >
        <MailPreferencesSection initial={preferences} mailEnabled={mailEnabled} />
      </AccountSection>

      <AccountSection
        id="password"
        title="Password"
        description={state.hasPassword ? "Changing it signs out every other browser and API token." : undefined}
      >
        {state.hasPassword ? (
          <PasswordForm />
        ) : (
          <p className="text-sm text-slate-700">Your account signs in with Google and has no password here: there is nothing to change.</p>
        )}
      </AccountSection>

      <AccountSection
        id="passkeys"
        title="Passkeys"
        description="Sign in with this device's screen lock, fingerprint or face instead of your password. Each passkey stays on your device or in your password manager."
      >
        <PasskeysSection timeZone={timeZone} />
      </AccountSection>

      <AccountSection
        id="second-factor"
        title="Two-step sign-in"
        description="A second step after your password: a code from an authenticator app on your phone, or one of your passkeys."
      >
        <SecondFactorSection
          initial={{
            totp: secondFactor.totp,
            totpSince: totpSince ? totpSince.toISOString() : null,
            passkeys: secondFactor.passkeys,
            recoveryCodesLeft: secondFactor.recoveryCodesLeft,
          }}
          email={user.email}
          hasPassword={state.hasPassword}
          notice={setupAsked}
          timeZone={timeZone}
        />
      </AccountSection>

      {can(user.role, "useApiKeys") && (
        <AccountSection
          id="api-keys"
          title="API keys"
          description="For your own tools (a spreadsheet, a script): each key reads and manages your surveys through the API, with only the scopes you give it. Changing your password revokes them all."
        >
          {lacksRequiredSecondFactor(user, "useApiKeys") ? (
            <p className="text-sm text-slate-700">
              Your role needs two-step sign-in before you can use API keys. <a href="#second-factor" className="font-medium text-brand-700 underline underline-offset-2">Set it up above</a>, then make a key here.
            </p>
          ) : (
            <ApiKeysSection timeZone={timeZone} />
          )}
          <p className="mt-4 text-sm text-slate-600">
            How to use them: <a href="/docs/api" className="font-medium text-brand-700 underline underline-offset-2">the API reference</a>.
          </p>
        </AccountSection>
      )}

      <AccountSection id="sessions" title="Sessions" description="The browsers signed in to your account. Times are approximate.">
        <SessionsList sessions={listed} total={total} />
      </AccountSection>

      <AccountSection id="export" title="Your data" description="Everything we keep about you, as a JSON file: your account, votes, comments, reports, surveys, payments, sessions, passkeys and API keys.">
        <a href="/api/me/export" download className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Download my data
        </a>
      </AccountSection>

      <AccountSection
        id="delete"
        title="Delete account"
        tone="danger"
        description="Your name, email, picture and sign-in are removed for good. Your votes keep counting, anonymously, and your surveys stay."
      >
        <DeleteAccount hasPassword={state.hasPassword} freshSignIn={state.freshSignIn} />
      </AccountSection>
    </div>
  );
}
