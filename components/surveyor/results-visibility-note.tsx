import { useLocale, useTranslations } from "next-intl";
import { formatDate } from "@/lib/dates";
import type { ResultsVisibility } from "@/models/enums";

/** Who sees a survey's results now, as its surveyor and the admins read it (a server component). */
export function ResultsVisibilityNote({ visibility, deadline, closed }: { visibility: ResultsVisibility; deadline: string; closed: boolean }) {
  const t = useTranslations("surveyor.visibility");
  const locale = useLocale();
  const date = () => <time dateTime={deadline}>{formatDate(deadline, locale)}</time>;
  let text: React.ReactNode;
  if (visibility === "after_voting") {
    text = t("afterVoting");
  } else if (closed) {
    text = t.rich("public", { date });
  } else {
    text = t.rich("hidden", { date });
  }
  return (
    <p className="text-sm text-slate-700" data-testid="results-visibility">
      {text}
    </p>
  );
}
