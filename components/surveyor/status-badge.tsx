import type { SurveyStatus } from "@/models/enums";

const badges: Record<SurveyStatus, { label: string; className: string }> = {
  publish: { label: "Published", className: "bg-green-50 text-green-800 ring-green-600/20" },
  unpublish: { label: "Unpublished", className: "bg-amber-50 text-amber-900 ring-amber-600/30" },
};

/** A survey's status in words ("Published" / "Unpublished"), not the stored value. */
export function StatusBadge({ status }: { status: SurveyStatus }) {
  const badge = badges[status];
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badge.className}`}>
      {badge.label}
    </span>
  );
}
