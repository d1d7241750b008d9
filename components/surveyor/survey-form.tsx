"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useMemo, type ComponentProps } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { describedBy, Field, inputClass, invalidClass } from "@/components/ui/field";
import { RequestError, sendJson } from "@/lib/api/client";
import { cn } from "@/lib/utils";
import { SURVEY_LIMITS, surveyFormSchema, type SurveyFormInput } from "@/lib/validation/survey-form";
import { CATEGORIES } from "@/models/enums";

const FIELDS = ["title", "description", "category", "deadline", "questionTitle", "questionDescription"] as const;

/**
 * The Create Survey and Update Survey form: one zod schema with the routes behind it.
 * `minDeadline` is today in the site's time zone (from the server), or an older deadline the survey
 * already has.
 */
export function SurveyForm({
  mode,
  surveyId,
  defaultValues,
  minDeadline,
  voteCount = 0,
}: {
  mode: "create" | "update";
  surveyId?: string;
  defaultValues?: SurveyFormInput;
  minDeadline: string;
  voteCount?: number;
}) {
  const router = useRouter();
  const schema = useMemo(() => surveyFormSchema(minDeadline), [minDeadline]);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SurveyFormInput>({
    resolver: zodResolver(schema),
    // The category starts on the disabled 'Select Category' placeholder.
    defaultValues: defaultValues ?? ({ category: "" } as unknown as SurveyFormInput),
  });
  const values = useWatch({ control });

  const onSubmit = async (fields: SurveyFormInput) => {
    const create = mode === "create";
    try {
      await sendJson(create ? "/api/create_survey" : `/api/updateDocument/${surveyId}`, fields, create ? "POST" : "PUT");
    } catch (error) {
      const refused = error instanceof RequestError ? error : new RequestError(0, "Something went wrong! try again...");
      for (const issue of refused.issues) {
        const field = FIELDS.find((f) => f === issue.path);
        if (field) setError(field, { message: issue.message });
      }
      toast.error("Oh no!", { description: refused.status < 500 ? refused.message : "Something went wrong! try again..." });
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
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label={mode === "create" ? "Create Survey" : "Update Survey"}
      className="max-w-3xl space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
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
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
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
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
        {mode === "create" ? "Submit Survey" : "Update Survey"}
      </Button>
    </form>
  );
}
