"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useAfterSignIn } from "@/components/auth/after-sign-in";
import { useApiSentence } from "@/components/auth/api-sentences";
import { EmailField, FormField, PasswordField } from "@/components/auth/form-field";
import { SignInFrame } from "@/components/auth/sign-in-frame";
import { useCallbackUrl, withCallback } from "@/components/auth/use-callback-url";
import { Altcha, useAltcha } from "@/components/ui/altcha";
import { Button } from "@/components/ui/button";
import { isAltchaCode } from "@/lib/validation/altcha";
import { AVATAR_MAX_MB, PASSWORD_MAX, PASSWORD_MIN, registerFormSchema, type RegisterFormInput } from "@/lib/accounts/auth-schema";
import { useRouter } from "@/lib/i18n/router";

type ApiErrorBody = { error?: { code?: string; message?: string; issues?: { path: string; message: string }[] } };
const FIELDS = ["name", "email", "password", "image"] as const;

export function RegisterForm() {
  const t = useTranslations("auth.register");
  const say = useApiSentence();
  // A field's message (the form's own check or the API's) is kept as sent and said when shown.
  const said = (message: string | undefined) => message && say(message);
  // The account's language, in which its mail is written: the language of this page.
  const locale = usePageLocale();
  const router = useRouter();
  const callbackUrl = useCallbackUrl();
  // Then the page that waits for the verification mail's code (it goes straight on where no address
  // needs verifying), and from there on to where the person was going.
  const afterSignIn = useAfterSignIn(withCallback("/check-inbox", callbackUrl));
  const altcha = useAltcha();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormInput>({ resolver: zodResolver(registerFormSchema) });

  const onSubmit = async ({ image, ...fields }: RegisterFormInput) => {
    const payload = await altcha.payload();
    if (!payload) return;
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set("image", image[0]);
    form.set("altcha", payload);
    form.set("locale", locale);
    // Where the verification mail's page sends the person on, on whatever device it is opened.
    if (callbackUrl !== "/") form.set("callbackUrl", callbackUrl);
    let response: Response;
    try {
      response = await fetch("/api/register", { method: "POST", body: form });
    } catch {
      altcha.reset();
      toast.error(t("problemTitle"), { description: t("failed") });
      return;
    }
    if (response.status !== 201) {
      const body = (await response.json().catch(() => ({}))) as ApiErrorBody;
      const sent = body.error?.message;
      const message = sent ? say(sent) : undefined;
      // The robot check is spent or refused either way: a fresh one, with its own message under it (the
      // widget says it from its code).
      altcha.reset(isAltchaCode(body.error?.code) ? body.error.code : null);
      // Problems the person can fix are shown on the field, and in the popup.
      if (response.status === 409 && sent) setError("email", { message: sent });
      else if ((response.status === 413 || response.status === 422) && sent) setError("image", { message: sent });
      for (const issue of body.error?.issues ?? []) {
        const field = FIELDS.find((f) => f === issue.path);
        if (field) setError(field, { message: issue.message });
      }
      toast.error(t("problemTitle"), { description: response.status < 500 && message ? message : t("failed") });
      return;
    }
    const signedIn = await signIn("credentials", { email: fields.email, password: fields.password, redirect: false }).catch(() => null);
    toast.success(t("createdTitle"), { description: t("created") });
    if (!signedIn || signedIn.error) {
      router.replace(withCallback("/login", callbackUrl));
      return;
    }
    await afterSignIn();
  };

  return (
    <SignInFrame kind="register" callbackUrl={callbackUrl} onSubmit={handleSubmit(onSubmit)}>
      <FormField id="register-name" label={t("name")} autoComplete="name" maxLength={80} error={said(errors.name?.message)} {...register("name")} />
      <EmailField id="register-email" error={said(errors.email?.message)} {...register("email")} />
      <PasswordField
        id="register-password"
        autoComplete="new-password"
        hint={t("passwordHint", { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        error={said(errors.password?.message)}
        {...register("password")}
      />
      <FormField
        id="register-image"
        label={t("picture")}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        hint={t("pictureHint", { mb: AVATAR_MAX_MB })}
        error={said(errors.image?.message)}
        {...register("image")}
      />
      <Altcha control={altcha} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
        {t("submit")}
      </Button>
    </SignInFrame>
  );
}
