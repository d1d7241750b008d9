import { SurveyCard } from "@/components/survey/survey-card";
import type { PublicSurvey } from "@/lib/surveys/queries";
import { siteToday } from "@/lib/site-dates";

/** Survey cards, one column on phones, three from medium screens up. */
export function SurveyGrid({ surveys, label }: { surveys: PublicSurvey[]; label: string }) {
  // Open or closed is decided by the day in the app's time zone, as the vote itself is.
  const today = siteToday();
  return (
    <ul aria-label={label} className="grid gap-6 md:grid-cols-3">
      {surveys.map((s) => (
        <li key={s.id}>
          <SurveyCard survey={s} today={today} />
        </li>
      ))}
    </ul>
  );
}
