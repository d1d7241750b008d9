import { useTranslations } from "next-intl";

/** "N votes voided after review": said wherever a survey's counts are, once an admin voided votes of it. */
export function VoidedNote({ count, className }: { count: number; className?: string }) {
  const t = useTranslations("survey");
  if (count <= 0) return null;
  return (
    <p className={className} data-testid="survey-voided">
      {t("voided", { count })}
    </p>
  );
}
