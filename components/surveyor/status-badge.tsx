import { useTranslations } from "next-intl";
import type { SurveyStatus } from "@/models/enums";

const badgeClasses: Record<SurveyStatus, string> = {
  publish: "bg-green-50 text-green-800 ring-green-600/20",
  unpublish: "bg-amber-50 text-amber-900 ring-amber-600/30",
};

/** A survey's status in words ("Published" / "Unpublished" in the page's language), not the stored value. */
export function StatusBadge({ status }: { status: SurveyStatus }) {
  const t = useTranslations("surveyor.status");
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badgeClasses[status]}`}>
      {t(status)}
    </span>
  );
}
