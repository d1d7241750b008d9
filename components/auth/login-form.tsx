"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useAfterSignIn } from "@/components/auth/after-sign-in";
import { useApiSentence } from "@/components/auth/api-sentences";
import { signInWithPassword, signInWithTicket } from "@/components/auth/credentials-sign-in";
import { EmailField, PasswordField } from "@/components/auth/form-field";
import { GOOGLE_INTENT_KEY } from "@/components/auth/google-button";
import { PasskeySignIn, type PasskeyRefusal } from "@/components/auth/passkey-sign-in";
import { SecondFactorStep } from "@/components/auth/second-factor-step";
import { SignInFrame } from "@/components/auth/sign-in-frame";
import { useCallbackUrl, withCallback } from "@/components/auth/use-callback-url";
import { Button } from "@/components/ui/button";
import { SECOND_FACTOR_CODE } from "@/lib/auth/second-factor-codes";
import { SUSPENDED_CODE } from "@/lib/auth/suspended";
import { loginSchema, type LoginInput } from "@/lib/accounts/auth-schema";
import { Link } from "@/lib/i18n/link";
import { useRouter } from "@/lib/i18n/router";
import { choiceIn } from "@/lib/votes/choice";

export function LoginForm() {
  const t = useTranslations("auth.login");
  const say = useApiSentence();
  // The form's own checks say their English sentences: said in the page's language when shown.
  const said = (message: string | undefined) => message && say(message);
  const params = useSearchParams();
  const router = useRouter();
  const callbackUrl = useCallbackUrl();
  const afterSignIn = useAfterSignIn(callbackUrl);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });

  // Auth.js sends failed Google round trips (and form posts without JavaScript) back here with ?error=.
  const error = params.get("error");
  const code = params.get("code");
  // A Google sign-in of an account with a second factor comes back here with a ticket for that step
  // (`?code=second_factor&ticket=…`): the page then asks only for the second factor.
  const ticket = code === SECOND_FACTOR_CODE && !error ? params.get("ticket") : null;
  // The password was right and the account asks for its second factor: kept here (never stored) to
  // send again with the code or the passkey, as the credentials provider wants both in one request.
  const [secondStep, setSecondStep] = useState<LoginInput | null>(null);
  const [blocked, setBlocked] = useState(code === "too_many_attempts");
  const [suspended, setSuspended] = useState(code === SUSPENDED_CODE);
  // A wrong email or password, said on the form beside what to do about it (not in a passing toast).
  const [failed, setFailed] = useState(error === "CredentialsSignin" && !code?.startsWith("too_many") && code !== SECOND_FACTOR_CODE && code !== SUSPENDED_CODE);
  // A busy server's own message, and the seconds it said to wait before trying again (counted down).
  const [busyMessage, setBusyMessage] = useState<string | null>(null);
  const [waitSeconds, setWaitSeconds] = useState(0);
  useEffect(() => {
    if (waitSeconds <= 0) return;
    const timer = setTimeout(() => setWaitSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [waitSeconds]);
  useEffect(() => {
    if (!error) return;
    const intent = sessionStorage.getItem(GOOGLE_INTENT_KEY);
    sessionStorage.removeItem(GOOGLE_INTENT_KEY);
    if (code === "too_many_attempts") {
      toast.error(t("tooManyAttemptsTitle"), { description: t("tooManyAttempts"), id: "login-error" });
    } else if (code === SECOND_FACTOR_CODE) {
      // A form sent without this page's script: the second step needs it, so the person starts again.
      toast.error(t("oneMoreStepTitle"), { description: t("oneMoreStep"), id: "login-error" });
    } else if (code === SUSPENDED_CODE) {
      // Said in the page itself (role="alert" below): no toast on top.
    } else if (error === "CredentialsSignin") {
      // Said in the page itself (role="alert" below).
    } else if (error === "OAuthAccountNotLinked") {
      toast.error(t("problemTitle"), { description: t("oauthNotLinked"), id: "login-error" });
    } else if (intent === "register") {
      toast.error(t("problemTitle"), { description: t("googleRegisterProblem"), id: "login-error" });
    } else {
      toast.error(t("problemTitle"), { description: t("googleProblem"), id: "login-error" });
    }
  }, [error, code, t]);

  const onSubmit = async (values: LoginInput) => {
    setBlocked(false);
    setSuspended(false);
    setFailed(false);
    setBusyMessage(null);
    const result = await signInWithPassword(values);
    if (result.kind === "busy") {
      // What was typed stays in the form; Sign in comes back when the server said it may.
      setBusyMessage(say(result.message));
      setWaitSeconds(result.retryAfterSeconds);
      return;
    }
    if (result.kind === "too-many-attempts") {
      setBlocked(true);
      toast.error(t("tooManyAttemptsTitle"), { description: t("tooManyAttempts") });
      return;
    }
    if (result.kind === "suspended") {
      setSuspended(true);
      return;
    }
    if (result.kind === "second-factor") {
      setSecondStep(values);
      return;
    }
    if (result.kind === "failed" || result.kind === "ticket-expired") {
      setFailed(true);
      return;
    }
    toast.success(t("signedInTitle"), { description: t("signedIn") });
    await afterSignIn();
  };

  // A passkey sign-in the server refused is said as a password's would be.
  const onPasskeyRefused = (refusal: PasskeyRefusal) => {
    if (refusal === "suspended") setSuspended(true);
    else if (refusal === "too-many-attempts") {
      setBlocked(true);
      toast.error(t("tooManyAttemptsTitle"), { description: t("tooManyAttempts") });
    } else setBusyMessage(t("busy"));
  };
  const onPasskeySignedIn = async () => {
    toast.success(t("signedInTitle"), { description: t("signedIn") });
    await afterSignIn();
  };

  if (ticket) {
    return (
      <SecondFactorStep
        who={null}
        send={(factor) => signInWithTicket({ ticket, ...factor })}
        onSignedIn={onPasskeySignedIn}
        onBack={() => router.replace(withCallback("/login", callbackUrl))}
      />
    );
  }
  if (secondStep) {
    return (
      <SecondFactorStep
        who={secondStep.email}
        send={(factor) => signInWithPassword({ ...secondStep, ...factor })}
        onSignedIn={onPasskeySignedIn}
        onBack={() => {
          reset({ email: "", password: "" });
          setSecondStep(null);
        }}
      />
    );
  }

  return (
    <SignInFrame kind="login" callbackUrl={callbackUrl} onSubmit={handleSubmit(onSubmit)}>
      {blocked && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t("tooManyAttempts")}
        </p>
      )}
      {suspended && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="login-suspended">
          {t("suspended")}
        </p>
      )}
      {/* A wrong email or password, said the same for an unknown email: nothing says which accounts exist. */}
      {failed && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="login-failed">
          {t("wrongCredentials")}{" "}
          <Link href="/forgot-password" className="font-medium underline underline-offset-2">
            {t("forgotYourPassword")}
          </Link>
        </p>
      )}
      {busyMessage && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="login-busy">
          {busyMessage}
        </p>
      )}
      {/* "webauthn": the browser may offer its passkeys for this site among the field's suggestions. */}
      <EmailField id="login-email" autoComplete="username webauthn" error={said(errors.email?.message)} {...register("email")} />
      <PasswordField id="login-password" autoComplete="current-password" error={said(errors.password?.message)} {...register("password")} />
      <p className="-mt-2 text-right text-sm">
        <Link href="/forgot-password" className="font-medium text-brand-700 hover:underline">
          {t("forgotPassword")}
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={isSubmitting || waitSeconds > 0}>
        {isSubmitting && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
        {waitSeconds > 0 ? t("tryAgainIn", { seconds: waitSeconds }) : t("signIn")}
      </Button>
      <PasskeySignIn
        promptAtOnce={choiceIn(callbackUrl) !== null}
        onSignedIn={onPasskeySignedIn}
        onRefused={onPasskeyRefused}
        onStart={() => {
          setBlocked(false);
          setSuspended(false);
          setFailed(false);
          setBusyMessage(null);
        }}
      />
    </SignInFrame>
  );
}
