"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { CONTACT_MESSAGE_MAX, contactSchema, type ContactInput } from "@/lib/validation/contact";

const fieldClass =
  "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-600 focus-visible:outline-2 focus-visible:outline-brand-600";

type ApiErrorBody = { error?: { message?: string; issues?: { path: string; message: string }[] } };

export function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: { name: "", email: "", message: "" } });

  const onSubmit = async (values: ContactInput) => {
    let response: Response;
    try {
      response = await fetch("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(values),
      });
    } catch {
      toast.error("Could not send your message", { description: "Check your connection and try again." });
      return;
    }
    if (response.ok) {
      toast.success("Message sent", { description: "Thank you! We will answer by email." });
      reset();
      return;
    }
    const body = (await response.json().catch(() => ({}))) as ApiErrorBody;
    for (const issue of body.error?.issues ?? []) {
      if (issue.path === "name" || issue.path === "email" || issue.path === "message") {
        setError(issue.path, { message: issue.message });
      }
    }
    toast.error("Could not send your message", { description: body.error?.message ?? "Please try again later." });
  };

  const describe = (field: keyof ContactInput) => (errors[field] ? `${field}-error` : undefined);

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label="Contact form">
      <div>
        <label htmlFor="name" className="text-sm font-medium">
          Name
        </label>
        <input id="name" autoComplete="name" className={fieldClass} aria-invalid={!!errors.name} aria-describedby={describe("name")} {...register("name")} />
        {errors.name && <p id="name-error" className="mt-1 text-sm text-red-700">{errors.name.message}</p>}
      </div>
      <div>
        <label htmlFor="email" className="text-sm font-medium">
          Email
        </label>
        <input id="email" type="email" autoComplete="email" className={fieldClass} aria-invalid={!!errors.email} aria-describedby={describe("email")} {...register("email")} />
        {errors.email && <p id="email-error" className="mt-1 text-sm text-red-700">{errors.email.message}</p>}
      </div>
      <div>
        <label htmlFor="message" className="text-sm font-medium">
          Message
        </label>
        <textarea
          id="message"
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          className={fieldClass}
          aria-invalid={!!errors.message}
          aria-describedby={describe("message")}
          {...register("message")}
        />
        {errors.message && <p id="message-error" className="mt-1 text-sm text-red-700">{errors.message.message}</p>}
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
