"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Altcha, useAltcha } from "@/components/ui/altcha";
import { Button } from "@/components/ui/button";
import { describedBy, Field, inputClass, invalidClass } from "@/components/ui/field";
import { cn } from "@/lib/utils";
import { isAltchaCode } from "@/lib/validation/altcha";
import { CONTACT_MESSAGE_MAX, contactSchema, type ContactInput } from "@/lib/contact/schema";

type ApiErrorBody = { error?: { code?: string; message?: string; issues?: { path: string; message: string }[] } };

export function ContactForm() {
  const altcha = useAltcha();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: { name: "", email: "", message: "" } });

  const onSubmit = async (values: ContactInput) => {
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
      toast.error("Could not send your message", { description: "Check your connection and try again." });
      return;
    }
    if (response.ok) {
      toast.success("Message sent", { description: "Thank you! We will answer by email." });
      reset();
      altcha.reset();
      return;
    }
    const body = (await response.json().catch(() => ({}))) as ApiErrorBody;
    // The robot check is spent or refused either way: a fresh one, with its own message under it.
    altcha.reset(isAltchaCode(body.error?.code) ? body.error?.message : null);
    for (const issue of body.error?.issues ?? []) {
      if (issue.path === "name" || issue.path === "email" || issue.path === "message") {
        setError(issue.path, { message: issue.message });
      }
    }
    toast.error("Could not send your message", { description: body.error?.message ?? "Please try again later." });
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
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
