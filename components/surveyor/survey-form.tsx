"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useEffect, useMemo, useRef, useState, type ComponentProps } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { describedBy, Field, inputClass, invalidClass } from "@/components/ui/field";
import { RequestError, sendJson } from "@/lib/api/client";
import { useRouter } from "@/lib/i18n/router";
import { cn } from "@/lib/utils";
import { SURVEY_FIELDS, SURVEY_LIMITS, surveyFormSchema, type SurveyField, type SurveyFormInput } from "@/lib/surveys/schema";
import { CATEGORIES, type Category, type ResultsVisibility } from "@/models/enums";
import { Options } from "@/components/ui/options";
import { ReviewFeedback } from "./review-panel";
import { ReviewRequestButton } from "./review-request";
import { refusalText, surveyFieldError } from "./survey-errors";

/** An unpublished survey's update: the admin's feedback, and whether and when its surveyor asked for a review. */
export type UnpublishedReview = { feedback: string | null; requestedAt: string | null; timeZone: string };

// Each choice's texts are `surveyor.form.{key}` and `{key}Description`.
const VISIBILITY_OPTIONS: { value: ResultsVisibility; key: "afterVoting" | "afterDeadline" }[] = [
  { value: "after_voting", key: "afterVoting" },
  // Its label is not "deadline": the form's Deadline field is found by that label.
  { value: "after_deadline", key: "afterDeadline" },
];

/**
 * The Create Survey and Update Survey form: one zod schema with the routes behind it.
 * `minDeadline` is today in the site's time zone (from the server), or an older deadline the survey
 * already has.
 *
 * Updating an unpublished survey (`unpublished`) shows the admin's feedback above the fields and, once
 * saved, stays on the page with "Ask for review" below the form: the unpublished mail tells the surveyor
 * to update the survey, then ask.
 */
export function SurveyForm({
  mode,
  surveyId,
  defaultValues,
  minDeadline,
  voteCount = 0,
  unpublished,
}: {
  mode: "create" | "update";
  surveyId?: string;
  defaultValues?: SurveyFormInput;
  minDeadline: string;
  voteCount?: number;
  unpublished?: UnpublishedReview;
}) {
  const t = useTranslations("surveyor");
  const locale = usePageLocale();
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const savedPanel = useRef<HTMLElement>(null);
  // The focus goes to what saving brought, as the button that had it stays where it was.
  useEffect(() => {
    if (saved) savedPanel.current?.focus();
  }, [saved]);
  const schema = useMemo(() => surveyFormSchema(minDeadline), [minDeadline]);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SurveyFormInput>({
    resolver: zodResolver(schema),
    // The category starts on the disabled 'Select Category' placeholder; results show after voting.
    defaultValues: defaultValues ?? ({ category: "", resultsVisibility: "after_voting" } as unknown as SurveyFormInput),
  });
  const values = useWatch({ control });
  const categoryNames = Object.fromEntries(CATEGORIES.map((c) => [c, t(`categories.${c}`)])) as Record<Category, string>;

  const onSubmit = async (fields: SurveyFormInput) => {
    const create = mode === "create";
    try {
      await sendJson(create ? "/api/create_survey" : `/api/updateDocument/${surveyId}`, fields, create ? "POST" : "PUT");
    } catch (error) {
      const refused = error instanceof RequestError ? error : new RequestError(0, t("form.failed"));
      for (const issue of refused.issues) {
        const field = SURVEY_FIELDS.find((f) => f === issue.path);
        if (field) setError(field, { message: issue.message });
      }
      const description = refused.status >= 500 ? t("form.failed") : error instanceof RequestError ? refusalText(refused, t, locale) : refused.message;
      toast.error(t("form.failedTitle"), { description });
      return;
    }
    if (!create && unpublished && surveyId) {
      setSaved(true);
      return;
    }
    toast.success(t("form.successTitle"), {
      description: create ? t("form.created") : t("form.updated"),
    });
    router.push("/dashboard/surveyor/surveys");
    router.refresh();
  };

  // Counts as digits alone ("0/2000 characters"), as the limits are written in the schema's messages.
  const count = (field: keyof typeof SURVEY_LIMITS) => t("form.characters", { count: String((values[field] ?? "").length), max: String(SURVEY_LIMITS[field]) });
  // The schema's messages (in the browser, or the server's 400) in the page's language.
  const errorOf = (field: SurveyField) => {
    const message = errors[field]?.message;
    return message ? surveyFieldError(field, message, t) : undefined;
  };
  const text = (field: keyof typeof SURVEY_LIMITS, label: string, props: ComponentProps<"input"> = {}) => {
    const id = `survey-${field}`;
    return (
      <Field id={id} label={label} error={errorOf(field)} hint={count(field)}>
        <input
          id={id}
          maxLength={SURVEY_LIMITS[field]}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy(id, { error: errors[field], hint: true })}
          className={cn(inputClass, errors[field] && invalidClass)}
          {...props}
          {...register(field)}
        />
      </Field>
    );
  };
  const area = (field: "description" | "questionDescription", label: string, rows: number) => {
    const id = `survey-${field}`;
    return (
      <Field id={id} label={label} error={errorOf(field)} hint={count(field)}>
        <textarea
          id={id}
          rows={rows}
          maxLength={SURVEY_LIMITS[field]}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy(id, { error: errors[field], hint: true })}
          className={cn(inputClass, errors[field] && invalidClass)}
          {...register(field)}
        />
      </Field>
    );
  };

  return (
    <>
      <form
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-label={mode === "create" ? t("form.createLabel") : t("form.updateLabel")}
        className="max-w-3xl space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        {unpublished && (
          <section aria-labelledby="survey-feedback-title" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
            <h2 id="survey-feedback-title" className="font-semibold">
              {t("review.unpublished")}
            </h2>
            <ReviewFeedback feedback={unpublished.feedback} />
          </section>
        )}
        {text("title", t("form.title"), { placeholder: t("form.titlePlaceholder") })}
        {area("description", t("form.description"), 4)}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="survey-category" label={t("form.category")} error={errorOf("category")}>
            <select
              id="survey-category"
              aria-invalid={errors.category ? true : undefined}
              aria-describedby={describedBy("survey-category", { error: errors.category })}
              className={cn(inputClass, errors.category && invalidClass)}
              {...register("category")}
            >
              <option value="" disabled>
                {t("form.selectCategory")}
              </option>
              {/* The stored values, each named in the page's language. */}
              <Options values={CATEGORIES} names={categoryNames} />
            </select>
          </Field>
          <Field
            id="survey-deadline"
            label={t("form.deadline")}
            error={errorOf("deadline")}
            hint={t("form.deadlineHint")}
          >
            <input
              id="survey-deadline"
              type="date"
              min={minDeadline}
              aria-invalid={errors.deadline ? true : undefined}
              aria-describedby={describedBy("survey-deadline", { error: errors.deadline, hint: true })}
              className={cn(inputClass, errors.deadline && invalidClass)}
              {...register("deadline")}
            />
          </Field>
        </div>
        {mode === "update" && voteCount > 0 && (
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="votes-warning">
            {t("form.votesWarning", { count: voteCount })}
          </p>
        )}
        {text("questionTitle", t("form.questionTitle"), { placeholder: t("form.questionPlaceholder") })}
        {area("questionDescription", t("form.questionDescription"), 3)}
        <fieldset aria-describedby={errors.resultsVisibility ? "survey-resultsVisibility-error" : undefined} className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{t("form.visibility")}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {VISIBILITY_OPTIONS.map((option) => (
              <label
                key={option.value}
                className="flex min-h-12 cursor-pointer gap-3 rounded-lg border border-slate-300 bg-white p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  value={option.value}
                  aria-labelledby={`survey-visibility-${option.value}-label`}
                  aria-describedby={`survey-visibility-${option.value}`}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  {...register("resultsVisibility")}
                />
                <span>
                  <span id={`survey-visibility-${option.value}-label`} className="block font-medium text-slate-900">
                    {t(`form.${option.key}`)}
                  </span>
                  <span id={`survey-visibility-${option.value}`} className="mt-0.5 block text-slate-600">
                    {t(`form.${option.key}Description`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.resultsVisibility && (
            <p id="survey-resultsVisibility-error" role="alert" className="text-sm text-red-700">
              {errorOf("resultsVisibility")}
            </p>
          )}
        </fieldset>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
          {mode === "create" ? t("form.submit") : t("form.update")}
        </Button>
      </form>
      {saved && unpublished && surveyId && (
        <section
          ref={savedPanel}
          tabIndex={-1}
          aria-labelledby="survey-saved-title"
          className="mt-6 max-w-3xl space-y-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm focus:outline-none"
          data-testid="review-after-update"
        >
          <h2 id="survey-saved-title" className="text-lg font-semibold">
            {t("form.savedTitle")}
          </h2>
          <p className="text-slate-800">{t("form.savedText")}</p>
          <ReviewRequestButton surveyId={surveyId} requestedAt={unpublished.requestedAt} timeZone={unpublished.timeZone} />
        </section>
      )}
    </>
  );
}
