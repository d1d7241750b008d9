import { formatDate } from "@/lib/dates";
import type { ResultsVisibility } from "@/models/enums";

/** Who sees a survey's results now, as its surveyor and the admins read it (a server component). */
export function ResultsVisibilityNote({ visibility, deadline, closed }: { visibility: ResultsVisibility; deadline: string; closed: boolean }) {
  const date = <time dateTime={deadline}>{formatDate(deadline)}</time>;
  let text: React.ReactNode;
  if (visibility === "after_voting") {
    text = <>Voters see the results as soon as they have voted; everyone sees them once the survey has closed.</>;
  } else if (closed) {
    text = <>Results are public since voting closed at the end of {date}.</>;
  } else {
    text = <>Only you and the admins see these figures until voting closes at the end of {date}; nobody else sees any count before then, voters included.</>;
  }
  return (
    <p className="text-sm text-slate-700" data-testid="results-visibility">
      {text}
    </p>
  );
}
