import { SurveyCard } from "@/components/survey/survey-card";
import type { PublicSurvey } from "@/lib/services/surveys";

/** Survey cards, one column on phones, three from medium screens up (SPEC.md §9). */
export function SurveyGrid({ surveys, label }: { surveys: PublicSurvey[]; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-6 md:grid-cols-3">
      {surveys.map((s) => (
        <li key={s.id}>
          <SurveyCard survey={s} />
        </li>
      ))}
    </ul>
  );
}
