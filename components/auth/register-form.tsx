"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useAfterSignIn } from "@/components/auth/after-sign-in";
import { EmailField, FormField, PasswordField } from "@/components/auth/form-field";
import { SignInFrame } from "@/components/auth/sign-in-frame";
import { useCallbackUrl, withCallback } from "@/components/auth/use-callback-url";
import { Altcha, useAltcha } from "@/components/ui/altcha";
import { Button } from "@/components/ui/button";
import { isAltchaCode } from "@/lib/validation/altcha";
import { AVATAR_MAX_MB, PASSWORD_MAX, PASSWORD_MIN, registerFormSchema, type RegisterFormInput } from "@/lib/accounts/auth-schema";

type ApiErrorBody = { error?: { code?: string; message?: string; issues?: { path: string; message: string }[] } };
const FIELDS = ["name", "email", "password", "image"] as const;

export function RegisterForm() {
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
    // Where the verification mail's page sends the person on, on whatever device it is opened.
    if (callbackUrl !== "/") form.set("callbackUrl", callbackUrl);
    let response: Response;
    try {
      response = await fetch("/api/register", { method: "POST", body: form });
    } catch {
      altcha.reset();
      toast.error("Oh no!", { description: "Something went wrong! try again..." });
      return;
    }
    if (response.status !== 201) {
      const body = (await response.json().catch(() => ({}))) as ApiErrorBody;
      const message = body.error?.message;
      // The robot check is spent or refused either way: a fresh one, with its own message under it.
      altcha.reset(isAltchaCode(body.error?.code) ? message : null);
      // Problems the person can fix are shown on the field, and in the popup.
      if (response.status === 409 && message) setError("email", { message });
      else if ((response.status === 413 || response.status === 422) && message) setError("image", { message });
      for (const issue of body.error?.issues ?? []) {
        const field = FIELDS.find((f) => f === issue.path);
        if (field) setError(field, { message: issue.message });
      }
      toast.error("Oh no!", {
        description: response.status < 500 && message ? message : "Something went wrong! try again...",
      });
      return;
    }
    const signedIn = await signIn("credentials", { email: fields.email, password: fields.password, redirect: false }).catch(() => null);
    toast.success("Successful", { description: "Your account created successfully" });
    if (!signedIn || signedIn.error) {
      router.replace(withCallback("/login", callbackUrl));
      return;
    }
    await afterSignIn();
  };

  return (
    <SignInFrame kind="register" callbackUrl={callbackUrl} onSubmit={handleSubmit(onSubmit)}>
      <FormField id="register-name" label="Name" autoComplete="name" maxLength={80} error={errors.name?.message} {...register("name")} />
      <EmailField id="register-email" error={errors.email?.message} {...register("email")} />
      <PasswordField
        id="register-password"
        autoComplete="new-password"
        hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters. A long passphrase is best.`}
        error={errors.password?.message}
        {...register("password")}
      />
      <FormField
        id="register-image"
        label="Profile Picture"
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        hint={`PNG, JPEG, WebP or GIF, at most ${AVATAR_MAX_MB} MB.`}
        error={errors.image?.message}
        {...register("image")}
      />
      <Altcha control={altcha} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
        Register
      </Button>
    </SignInFrame>
  );
}
