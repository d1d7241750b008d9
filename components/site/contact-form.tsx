"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Altcha, useAltcha } from "@/components/ui/altcha";
import { Button } from "@/components/ui/button";
import { describedBy, Field, inputClass, invalidClass } from "@/components/ui/field";
import { cn } from "@/lib/utils";
import { isAltchaCode } from "@/lib/validation/altcha";
import { CONTACT_MESSAGE_MAX, contactSchema, type ContactInput } from "@/lib/contact/schema";

type ApiErrorBody = { error?: { code?: string; message?: string; issues?: { path: string; message: string }[] } };

/** What the last press of Send came to, said in the form itself (beside what it is about, not in a toast). */
type Outcome = { sent: true; to: string } | { sent: false; message: string };

export function ContactForm() {
  const altcha = useAltcha();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: { name: "", email: "", message: "" } });

  const onSubmit = async (values: ContactInput) => {
    setOutcome(null);
    const payload = await altcha.payload();
    if (!payload) return;
    let response: Response;
    try {
      response = await fetch("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...values, altcha: payload }),
      });
    } catch {
      altcha.reset();
      setOutcome({ sent: false, message: "Check your connection and try again." });
      return;
    }
    if (response.ok) {
      setOutcome({ sent: true, to: values.email });
      reset();
      altcha.reset();
      return;
    }
    const body = (await response.json().catch(() => ({}))) as ApiErrorBody;
    // The robot check is spent or refused either way: a fresh one, with its own message under it (so
    // the form does not say it again).
    const robotRefused = isAltchaCode(body.error?.code);
    altcha.reset(robotRefused ? body.error?.message : null);
    for (const issue of body.error?.issues ?? []) {
      if (issue.path === "name" || issue.path === "email" || issue.path === "message") {
        setError(issue.path, { message: issue.message });
      }
    }
    if (!robotRefused) setOutcome({ sent: false, message: body.error?.message ?? "Please try again later." });
  };

  const control = (field: keyof ContactInput) => ({
    id: field,
    className: cn(inputClass, errors[field] && invalidClass),
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": describedBy(field, { error: errors[field] }),
    ...register(field),
  });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label="Contact form">
      {/* Always in the page, so screen readers announce what is put into it. */}
      <div role="status" aria-live="polite">
        {outcome?.sent && (
          <p className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
            <strong className="font-semibold">Message sent.</strong> Thank you! We will answer by email at {outcome.to}.
          </p>
        )}
      </div>
      <Field id="name" label="Name" error={errors.name?.message}>
        <input autoComplete="name" {...control("name")} />
      </Field>
      <Field id="email" label="Email" error={errors.email?.message}>
        <input type="email" autoComplete="email" {...control("email")} />
      </Field>
      <Field id="message" label="Message" error={errors.message?.message}>
        <textarea rows={6} maxLength={CONTACT_MESSAGE_MAX} {...control("message")} />
      </Field>
      <Altcha control={altcha} />
      {outcome && !outcome.sent && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          <strong className="font-semibold">Could not send your message.</strong> {outcome.message}
        </p>
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
