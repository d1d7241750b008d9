"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState, type ComponentProps } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { describedBy, Field, inputClass, invalidClass } from "@/components/ui/field";
import { RequestError, sendJson } from "@/lib/api/client";
import { cn } from "@/lib/utils";
import { SURVEY_FIELDS, SURVEY_LIMITS, surveyFormSchema, type SurveyFormInput } from "@/lib/surveys/schema";
import { CATEGORIES, type ResultsVisibility } from "@/models/enums";
import { Options } from "@/components/ui/options";
import { ReviewFeedback } from "./review-panel";
import { ReviewRequestButton } from "./review-request";

/** An unpublished survey's update: the admin's feedback, and whether and when its surveyor asked for a review. */
export type UnpublishedReview = { feedback: string | null; requestedAt: string | null; timeZone: string };

const VISIBILITY_OPTIONS: { value: ResultsVisibility; label: string; description: string }[] = [
  {
    value: "after_voting",
    label: "After voting",
    description: "Each voter sees the results once they have voted; the survey's cards show its vote count.",
  },
  {
    value: "after_deadline",
    // Not "deadline": the form's Deadline field is found by that label.
    label: "When the survey closes",
    description:
      "Nobody sees any count until the survey closes, voters included, so early votes cannot sway later ones. You and the admins always see them.",
  },
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

  const onSubmit = async (fields: SurveyFormInput) => {
    const create = mode === "create";
    try {
      await sendJson(create ? "/api/create_survey" : `/api/updateDocument/${surveyId}`, fields, create ? "POST" : "PUT");
    } catch (error) {
      const refused = error instanceof RequestError ? error : new RequestError(0, "Something went wrong! try again...");
      for (const issue of refused.issues) {
        const field = SURVEY_FIELDS.find((f) => f === issue.path);
        if (field) setError(field, { message: issue.message });
      }
      toast.error("Oh no!", { description: refused.status < 500 ? refused.message : "Something went wrong! try again..." });
      return;
    }
    if (!create && unpublished && surveyId) {
      setSaved(true);
      return;
    }
    toast.success("Successful!", {
      description: create ? "Your survey created successfully" : "survey information updated successfully",
    });
    router.push("/dashboard/surveyor/surveys");
    router.refresh();
  };

  const count = (field: keyof typeof SURVEY_LIMITS) => `${(values[field] ?? "").length}/${SURVEY_LIMITS[field]} characters`;
  const text = (field: keyof typeof SURVEY_LIMITS, label: string, props: ComponentProps<"input"> = {}) => {
    const id = `survey-${field}`;
    return (
      <Field id={id} label={label} error={errors[field]?.message} hint={count(field)}>
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
      <Field id={id} label={label} error={errors[field]?.message} hint={count(field)}>
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
        aria-label={mode === "create" ? "Create Survey" : "Update Survey"}
        className="max-w-3xl space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        {unpublished && (
          <section aria-labelledby="survey-feedback-title" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
            <h2 id="survey-feedback-title" className="font-semibold">
              Unpublished by an admin
            </h2>
            <ReviewFeedback feedback={unpublished.feedback} />
          </section>
        )}
        {text("title", "Survey Title", { placeholder: "Title" })}
        {area("description", "Survey Description", 4)}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="survey-category" label="Category" error={errors.category?.message}>
            <select
              id="survey-category"
              aria-invalid={errors.category ? true : undefined}
              aria-describedby={describedBy("survey-category", { error: errors.category })}
              className={cn(inputClass, errors.category && invalidClass)}
              {...register("category")}
            >
              <option value="" disabled>
                Select Category
              </option>
              <Options values={CATEGORIES} />
            </select>
          </Field>
          <Field
            id="survey-deadline"
            label="Deadline"
            error={errors.deadline?.message}
            hint="Voting stays open through the end of this day."
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
            {voteCount === 1 ? "1 person has" : `${voteCount} people have`} already voted on this survey. If you change the
            question, their votes stay counted for the new wording.
          </p>
        )}
        {text("questionTitle", "Question Title", { placeholder: "Question" })}
        {area("questionDescription", "Question Description", 3)}
        <fieldset aria-describedby={errors.resultsVisibility ? "survey-resultsVisibility-error" : undefined} className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Who sees the results while the survey is open</legend>
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
                    {option.label}
                  </span>
                  <span id={`survey-visibility-${option.value}`} className="mt-0.5 block text-slate-600">
                    {option.description}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.resultsVisibility && (
            <p id="survey-resultsVisibility-error" role="alert" className="text-sm text-red-700">
              {errors.resultsVisibility.message}
            </p>
          )}
        </fieldset>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
          {mode === "create" ? "Submit Survey" : "Update Survey"}
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
            Your changes are saved
          </h2>
          <p className="text-slate-800">The survey stays unpublished until an admin publishes it again. If your changes answer the feedback, ask the admins to review it.</p>
          <ReviewRequestButton surveyId={surveyId} requestedAt={unpublished.requestedAt} timeZone={unpublished.timeZone} />
        </section>
      )}
    </>
  );
}
