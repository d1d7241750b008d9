"use client";

// The admins' inbox of contact messages: one card per message with where it stands, a reply by mail
// written in place, and Mark handled / Reopen. A card keeps the message's new state from the API's
// answer rather than reloading the list: a message replied to leaves the Waiting list, and the admin
// must still see, in place, that the reply went (the list is sorted anew on the next visit).
import { useTranslations } from "next-intl";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useId, useRef, useState } from "react";
import { EmailAddress } from "@/components/dashboard/email-address";
import { Button } from "@/components/ui/button";
import { textRuleProblem } from "@/components/account/request-problem";
import { requestJson, sendJson, type RequestError } from "@/lib/api/client";
import { CONTACT_REPLY_MAX, contactReplySchema } from "@/lib/contact/inbox-schema";
import type { contactMessageStateJsonSchema } from "@/lib/contact/json";
import { formatDateTimeWithZone } from "@/lib/dates";
import type { z } from "@/lib/validation/zod";
import { useAdminProblem } from "./use-problem";

/** A message as GET /api/contact_messages and its changes answer it. */
export type ContactMessageJson = z.output<typeof contactMessageStateJsonSchema>;

// ---- the browser's calls (cookies authenticate; errors carry the API's own message)

const markHandled = (id: string, handled: boolean) =>
  requestJson<{ message: ContactMessageJson }>(`/api/contact_messages/${id}`, { method: "PATCH", body: JSON.stringify({ handled }) });
const sendReply = (id: string, message: string) => sendJson<{ message: ContactMessageJson }>(`/api/contact_messages/${id}/reply`, { message });

/** Where the message stands, in a sentence. */
function MessageState({ message, timeZone }: { message: ContactMessageJson; timeZone: string }) {
  const t = useTranslations("admin.messages");
  const locale = usePageLocale();
  // The sentence's parts: its state in colour, its time in a <time>, who handled it as an address.
  const state = (tone: string) =>
    function State(chunks: React.ReactNode) {
      return <span className={`font-semibold ${tone}`}>{chunks}</span>;
    };
  const parts = (iso: string, tone: string) => ({
    date: formatDateTimeWithZone(new Date(iso), timeZone, locale),
    time: (chunks: React.ReactNode) => <time dateTime={iso}>{chunks}</time>,
    state: state(tone),
    who: () => (message.handledBy ? <EmailAddress email={message.handledBy} /> : null),
    email: message.handledBy ?? "",
  });
  if (message.handledAt === null) {
    if (!message.repliedAt) return t.rich("waiting", { state: state("text-amber-900") });
    return t.rich("waitingReopened", parts(message.repliedAt, "text-amber-900"));
  }
  if (message.repliedAt) return t.rich("replied", parts(message.repliedAt, "text-green-800"));
  return t.rich(message.handledBy ? "handledBy" : "handled", parts(message.handledAt, "text-green-800"));
}

/** The reply written in place: "Your reply to {name}", Send, Cancel; refusals said under the field. */
function ReplyForm(props: { message: ContactMessageJson; onSent: (message: ContactMessageJson) => void; onCancel: () => void }) {
  const t = useTranslations("admin.messages");
  const { locale, problem } = useAdminProblem();
  const fieldId = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  return (
    <form
      className="mt-3 grid gap-2"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        // The route's own rule (lib/contact/inbox-schema.ts), said before anything is sent.
        const checked = contactReplySchema.shape.message.safeParse(text);
        const rules = { required: t("replyRequired"), tooLong: t("replyTooLong", { max: CONTACT_REPLY_MAX }), forbidden: t("replyForbidden") };
        if (!checked.success) return setError(textRuleProblem(checked.error.issues[0], locale, rules) ?? t("checkReply"));
        setSending(true);
        setError(null);
        try {
          props.onSent((await sendReply(props.message._id, checked.data)).message);
        } catch (failure) {
          const known = (e: RequestError) => (e.issues.some((i) => i.path === "message") ? t("replyRequired") : e.status === 503 ? t("mailOff") : undefined);
          setError(problem(failure, { known }));
        } finally {
          setSending(false);
        }
      }}
    >
      <label htmlFor={fieldId} className="text-sm font-medium">
        {t("replyLabel", { name: props.message.name })}
      </label>
      <textarea
        id={fieldId}
        rows={6}
        autoFocus
        maxLength={CONTACT_REPLY_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : `${fieldId}-hint`}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") props.onCancel();
        }}
      />
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : (
        <p id={`${fieldId}-hint`} className="text-sm text-slate-600">
          {t.rich("replyHint", { email: props.message.email, who: () => <EmailAddress email={props.message.email} /> })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={sending}>
          {sending ? t("sending") : t("send")}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={props.onCancel}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}

/** One message: who wrote, when, what; where it stands; Reply, and Mark handled or Reopen. */
export function ContactMessageCard(props: { message: ContactMessageJson; timeZone: string }) {
  const t = useTranslations("admin.messages");
  const { locale, problem } = useAdminProblem();
  const [message, setMessage] = useState(props.message);
  const [replying, setReplying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const replyButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const formId = useId();
  const handled = message.handledAt !== null;

  const closeForm = () => {
    setReplying(false);
    // The form is gone with the focus it held: back to the button that opened it.
    requestAnimationFrame(() => replyButton.current?.focus());
  };

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="contact-message">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="min-w-0 break-words text-base font-semibold">
          {message.name}
        </h2>
        <p className="text-sm text-slate-600">
          {t.rich("received", {
            date: formatDateTimeWithZone(new Date(message.createdAt), props.timeZone, locale),
            time: (chunks) => <time dateTime={message.createdAt}>{chunks}</time>,
          })}
        </p>
      </header>
      <a href={`mailto:${message.email}`} className="text-sm text-brand-700 hover:underline">
        <EmailAddress email={message.email} />
      </a>
      <p className="mt-3 whitespace-pre-line break-words text-slate-900">{message.message}</p>
      <p className="mt-3 text-sm text-slate-700" data-testid="message-state">
        <MessageState message={message} timeZone={props.timeZone} />
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          ref={replyButton}
          size="sm"
          variant={replying ? "secondary" : "default"}
          aria-expanded={replying}
          aria-controls={replying ? formId : undefined}
          aria-label={t("replyButtonLabel", { name: message.name })}
          onClick={() => {
            setNotice(null);
            setReplying((open) => !open);
          }}
        >
          {t("reply")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          aria-label={t(handled ? "reopenLabel" : "markLabel", { name: message.name })}
          onClick={async () => {
            setBusy(true);
            setNotice(null);
            try {
              setMessage((await markHandled(message._id, !handled)).message);
            } catch (failure) {
              setNotice({ ok: false, text: problem(failure) });
            } finally {
              setBusy(false);
            }
          }}
        >
          {handled ? t("reopen") : t("mark")}
        </Button>
      </div>
      {replying && (
        <div id={formId}>
          <ReplyForm
            message={message}
            onCancel={closeForm}
            onSent={(answer) => {
              setMessage(answer);
              setNotice({ ok: true, text: t("replySent", { email: answer.email }) });
              closeForm();
            }}
          />
        </div>
      )}
      {/* Always in the page, so a screen reader announces what is written into it. */}
      <p role="status" className="mt-2 text-sm text-green-800">
        {notice?.ok && notice.text}
      </p>
      {notice?.ok === false && (
        <p role="alert" className="text-sm text-red-800">
          {notice.text}
        </p>
      )}
    </article>
  );
}
