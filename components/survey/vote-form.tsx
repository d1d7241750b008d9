"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useMemo, useRef } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { COMMENT_MAX, voteFormSchemaFor, type VoteFormInput } from "@/lib/votes/schema";
import type { VoteValue } from "@/models/enums";
import { requestErrorText } from "./request-error-text";
import { RequestError, submitVote, type VoteResult } from "./voting-api";

const OPTIONS: VoteValue[] = ["yes", "no"];

/**
 * Yes and No as a radio group whose answer can be cleared (the original's behaviour: one answer at
 * most, choosing the chosen one again clears it): the arrow keys move between them and choose, Space
 * chooses, and Space or a click on the chosen one clears it. A Comments box for pro users, and Submit.
 * `initialVote` preselects an answer (one chosen before signing in, say); nothing is sent until Submit.
 */
export function VoteForm({
  surveyId,
  questionTitle,
  questionDescription,
  canComment,
  resultMail = false,
  initialVote = null,
  onVoted,
  onRefused,
}: {
  surveyId: string;
  questionTitle: string;
  questionDescription: string;
  canComment: boolean;
  /** The site sends mail: offer the result by mail when the survey closes. */
  resultMail?: boolean;
  /** The answer to show chosen when the form appears; the person still presses Submit. */
  initialVote?: VoteValue | null;
  onVoted: (result: VoteResult) => void;
  /** The server refused for a reason the page should reload for (already voted elsewhere, closed). */
  onRefused: () => void;
}) {
  const t = useTranslations("survey");
  const refusals = useTranslations("survey.errors");
  const locale = usePageLocale();
  // The empty vote's message names the question: the spec's words, then what to do.
  const schema = useMemo(() => voteFormSchemaFor(questionTitle), [questionTitle]);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<VoteFormInput>({ resolver: zodResolver(schema), defaultValues: { comment: "", ...(initialVote ? { vote: initialVote } : {}) } });
  const commentLength = useWatch({ control, name: "comment" })?.length ?? 0;
  // Space on the chosen answer clears it on keydown; the browser's own Space (a click when the key
  // comes up, which would choose it again) is then held back until the key is released.
  const clearedBySpace = useRef(false);

  async function onSubmit(values: VoteFormInput) {
    const parsed = schema.parse(values);
    try {
      const result = await submitVote(surveyId, {
        vote: parsed.vote,
        ...(canComment && parsed.comment ? { comment: parsed.comment } : {}),
        ...(resultMail && parsed.notifyResult ? { notifyResult: true } : {}),
      });
      toast.success(t("vote.successTitle"), { description: t("vote.successDescription") });
      onVoted(result);
    } catch (error) {
      const message = requestErrorText(error, refusals, locale);
      setError("root", { message });
      toast.error(t("vote.error", { message }));
      // Already voted (409), or the address needs verifying (403): the page shows why instead of the form.
      if (error instanceof RequestError && (error.status === 409 || error.status === 403)) onRefused();
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5" aria-label={t("vote.formLabel")}>
      <fieldset aria-describedby={errors.vote ? "vote-error" : "vote-question-description"} aria-invalid={!!errors.vote}>
        {/* The survey's own question, in its surveyor's words. */}
        <legend className="text-lg font-semibold text-slate-900" translate="no">
          {questionTitle}
        </legend>
        <p id="vote-question-description" className="mt-1 text-slate-700" translate="no">
          {questionDescription}
        </p>
        <Controller
          name="vote"
          control={control}
          render={({ field }) => {
            const clear = () => field.onChange(null);
            return (
              <div className="mt-4 grid grid-cols-2 gap-3 sm:flex sm:gap-4">
                {OPTIONS.map((option) => {
                  const chosen = field.value === option;
                  return (
                    // The whole tile is the target (at least 44 by 44 px), not only the circle.
                    <label
                      key={option}
                      className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-5 text-base font-medium transition-colors hover:border-brand-500 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 sm:min-w-32"
                    >
                      <input
                        type="radio"
                        name="vote"
                        value={option}
                        checked={chosen}
                        onChange={() => field.onChange(option)}
                        // A radio that is already checked fires no change when clicked: this clears it.
                        onClick={() => {
                          if (chosen) clear();
                        }}
                        onKeyDown={(e) => {
                          if (e.key !== " " || !chosen) return;
                          e.preventDefault();
                          clearedBySpace.current = true;
                          clear();
                        }}
                        onKeyUp={(e) => {
                          if (e.key !== " " || !clearedBySpace.current) return;
                          e.preventDefault();
                          clearedBySpace.current = false;
                        }}
                        onBlur={field.onBlur}
                        ref={option === "yes" ? field.ref : undefined}
                        className="h-5 w-5 accent-brand-700"
                      />
                      {t(`answers.${option}`)}
                    </label>
                  );
                })}
              </div>
            );
          }}
        />
        {errors.vote && (
          <p id="vote-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
            {t("vote.voteRequired", { question: questionTitle })}
          </p>
        )}
      </fieldset>

      {canComment && (
        <div className="space-y-1">
          <label htmlFor="vote-comment" className="block font-medium">
            {t("vote.comments")}
          </label>
          <textarea
            id="vote-comment"
            rows={4}
            maxLength={COMMENT_MAX}
            placeholder={t("vote.commentPlaceholder")}
            aria-describedby="vote-comment-count"
            aria-invalid={!!errors.comment}
            className="w-full rounded-md border border-slate-300 px-3 py-2 focus-visible:outline-brand-600"
            {...register("comment")}
          />
          <p id="vote-comment-count" className="text-right text-xs text-slate-600">
            {t("vote.commentLength", { count: commentLength, max: COMMENT_MAX })}
          </p>
          {errors.comment && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {errors.comment.type === "too_big" ? t("vote.commentTooLong", { max: COMMENT_MAX }) : t("vote.commentForbidden")}
            </p>
          )}
        </div>
      )}

      {resultMail && (
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" className="h-5 w-5 accent-brand-700" {...register("notifyResult")} />
          <span>{t("vote.resultMail")}</span>
        </label>
      )}

      {errors.root && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t("vote.error", { message: errors.root.message ?? "" })}
        </p>
      )}

      <Button type="submit" size="lg" className="w-full px-10 sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? t("vote.submitting") : t("vote.submit")}
      </Button>
    </form>
  );
}
