import type { SurveyStatus } from "@/models/enums";

export function StatusBadge({ status }: { status: SurveyStatus }) {
  return (
    <span
      className={
        status === "publish" ? "rounded-full bg-green-50 px-2 py-0.5 text-green-800" : "rounded-full bg-amber-50 px-2 py-0.5 text-amber-900"
      }
    >
      {status}
    </span>
  );
}
