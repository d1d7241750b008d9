import { Download } from "lucide-react";
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { AccountSection } from "@/components/account/account-section";
import { EmailSection } from "@/components/account/email-section";
import { LanguageSection } from "@/components/account/language-section";
import { MailPreferencesSection } from "@/components/account/mail-preferences-section";
import { DeleteAccount } from "@/components/account/delete-account";
import { PasskeysSection } from "@/components/account/passkeys-section";
import { PasswordForm } from "@/components/account/password-form";
import { SecondFactorSection } from "@/components/account/second-factor-section";
import { ApiKeysSection } from "@/components/account/api-keys-section";
import { ProfileForm } from "@/components/account/profile-form";
import { SessionsList } from "@/components/account/sessions-list";
import { ChangePicture } from "@/components/auth/change-picture";
import { IntlIsland } from "@/components/i18n/intl-island";
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
import { localePath } from "@/lib/i18n/locales.mjs";
import { localeFromParams, localised } from "@/lib/i18n/server";

type Translate = Awaited<ReturnType<typeof getTranslations<"account">>>;

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "account" });
  return { title: t("meta.title") };
}

/** What the account's address is for, as this site uses it: sign-in, and the mail it sends (if any). */
function emailUse(t: Translate, hasPassword: boolean, mailEnabled: boolean): string {
  const signIn = hasPassword ? t("sections.email.signInPassword") : t("sections.email.signInGoogle");
  if (!mailEnabled) return signIn;
  return `${signIn} ${t("sections.email.mail")}${hasPassword ? ` ${t("sections.email.newAddress")}` : ""}`;
}

// How the server keeps a session's sign-in ("password+totp", lib/accounts/sign-in-method.ts), in words.
const FIRST_STEPS = ["password", "passkey", "google"] as const;
const SECOND_STEPS = { totp: "totp", recovery_code: "recovery_code", passkey: "secondPasskey" } as const;

/**
 * "Password and authenticator app", "Passkey", "Google"...; null for a session from before the method
 * was kept, or a method this page does not know yet (saying nothing beats saying something wrong).
 */
function signInMethodText(t: Translate, method: string | null): string | null {
  if (!method) return null;
  const [first, second, ...rest] = method.split("+");
  const firstStep = FIRST_STEPS.find((step) => step === first);
  if (!firstStep || rest.length > 0) return null;
  if (second === undefined) return t(`sessions.method.${firstStep}`);
  const secondStep = Object.hasOwn(SECOND_STEPS, second) ? SECOND_STEPS[second as keyof typeof SECOND_STEPS] : null;
  return secondStep ? t("sessions.method.withSecond", { first: t(`sessions.method.${firstStep}`), second: t(`sessions.method.${secondStep}`) }) : null;
}

// What lib/accounts/user-agent.ts says of a user agent it cannot read.
const unknownBrowser = (t: Translate, browser: string) => (browser === "Unknown browser" ? t("sessions.unknownBrowser") : browser);
const unknownSystem = (t: Translate, os: string) => (os === "Unknown system" ? t("sessions.unknownSystem") : os);

async function AccountPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser("/dashboard/account");
  const [state, { sessions, total }, preferences, secondFactor, params, t, locale] = await Promise.all([
    accountStateOf(user),
    listSessions(user.id, user.sessionId),
    getMailPreferences(user.id),
    secondFactorStatus(user),
    searchParams,
    getTranslations("account"),
    getLocale(),
  ]);
  // Sent here because the role needs a second factor (the admin pages' guard), or it does anyway.
  const setupAsked = params.setup === "second-factor" || secondFactor.required;
  const { totpSince } = secondFactor;
  const mailEnabled = mailConfigured();
  const timeZone = getEnv().APP_TIME_ZONE;
  const now = new Date();
  const listed = sessions.map((s) => ({
    id: s.id,
    browser: unknownBrowser(t, s.browser),
    os: unknownSystem(t, s.os),
    current: s.current,
    createdAt: s.createdAt.toISOString(),
    signedIn: formatDateTime(s.createdAt, timeZone, locale),
    lastSeenAt: s.lastSeenAt.toISOString(),
    lastActive: formatTimeAgo(s.lastSeenAt, now, timeZone, locale),
    method: signInMethodText(t, s.signInMethod),
  }));
  const linkTo = (href: string) =>
    function Linked(chunks: React.ReactNode) {
      return (
        <a href={href} className="font-medium text-brand-700 underline underline-offset-2">
          {chunks}
        </a>
      );
    };

  return (
    <IntlIsland namespaces={["account", "auth"]}>
      <div className="space-y-6">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("heading")}</h1>
          <p className="mt-1 break-words text-slate-600">{t.rich("signedInAs", { email: user.email, b: (chunks) => <span className="font-medium">{chunks}</span> })}</p>
        </div>

        <AccountSection id="profile" title={t("sections.profile.title")} description={t("sections.profile.description")}>
          <div className="space-y-6">
            <ProfileForm name={user.name} />
            <ChangePicture image={user.image} name={user.name || user.email} />
            <LanguageSection saved={state.locale} />
          </div>
        </AccountSection>

        <AccountSection id="email" title={t("sections.email.title")} description={emailUse(t, state.hasPassword, mailEnabled)}>
          <EmailSection email={user.email} verified={user.emailVerified !== null} hasPassword={state.hasPassword} mailEnabled={mailEnabled} />
        </AccountSection>

        <AccountSection id="mail" title={t("sections.mail.title")} description={t("sections.mail.description")}>
          <MailPreferencesSection initial={preferences} mailEnabled={mailEnabled} />
        </AccountSection>

        <AccountSection
          id="password"
          title={t("sections.password.title")}
          description={state.hasPassword ? t("sections.password.description") : undefined}
        >
          {state.hasPassword ? <PasswordForm /> : <p className="text-sm text-slate-700">{t("sections.password.none")}</p>}
        </AccountSection>

        <AccountSection id="passkeys" title={t("sections.passkeys.title")} description={t("sections.passkeys.description")}>
          <PasskeysSection timeZone={timeZone} />
        </AccountSection>

        <AccountSection id="second-factor" title={t("sections.secondFactor.title")} description={t("sections.secondFactor.description")}>
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
          <AccountSection id="api-keys" title={t("sections.apiKeys.title")} description={t("sections.apiKeys.description")}>
            {lacksRequiredSecondFactor(user, "useApiKeys") ? (
              <p className="text-sm text-slate-700">{t.rich("sections.apiKeys.needsSecondFactor", { link: linkTo("#second-factor") })}</p>
            ) : (
              <ApiKeysSection timeZone={timeZone} />
            )}
            <p className="mt-4 text-sm text-slate-600">{t.rich("sections.apiKeys.howTo", { link: linkTo(localePath(locale, "/docs/api")) })}</p>
          </AccountSection>
        )}

        <AccountSection id="sessions" title={t("sections.sessions.title")} description={t("sections.sessions.description")}>
          <SessionsList sessions={listed} total={total} />
        </AccountSection>

        <AccountSection id="export" title={t("sections.export.title")} description={t("sections.export.description")}>
          <a href="/api/me/export" download className={buttonVariants({ variant: "outline" })}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {t("sections.export.download")}
          </a>
        </AccountSection>

        <AccountSection id="delete" title={t("sections.delete.title")} tone="danger" description={t("sections.delete.description")}>
          <DeleteAccount hasPassword={state.hasPassword} freshSignIn={state.freshSignIn} />
        </AccountSection>
      </div>
    </IntlIsland>
  );
}

export default localised(AccountPage);
