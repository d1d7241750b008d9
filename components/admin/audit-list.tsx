import Link from "next/link";
import { EmptyState } from "@/components/dashboard/data-table";
import { auditTranslator, describeAuditEvent } from "@/lib/moderation/audit-text";
import { surveyHref } from "@/lib/public-urls";
import { listLatestAudit, type AuditEntry } from "@/lib/moderation/audit";
import { getEnv } from "@/lib/env";
import { formatDateTimeWithZone } from "@/lib/dates";
import { localePath } from "@/lib/i18n/locales.mjs";
import type { Locale } from "@/lib/i18n/types";

/**
 * Audit entries in words (`describeAuditEvent`), in the page's language: who did what to whom, what
 * changed, its detail, when. Synchronous, with its words from `auditTranslator`, so that an export or a
 * test renders it as the page does.
 */
export function AuditEntries({ entries, timeZone, locale = "en" }: { entries: AuditEntry[]; timeZone: string; locale?: Locale }) {
  const t = auditTranslator(locale);
  if (entries.length === 0) return <EmptyState>{t("audit.empty")}</EmptyState>;
  return (
    <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label={t("audit.listLabel")}>
      {entries.map((e) => {
        const { actor, action, target, outcome, detail } = describeAuditEvent(e, locale);
        return (
          <li key={e.id} className="p-4 text-sm" data-action={e.action}>
            <p>
              <span className="font-medium">{actor}</span> {action} <span className="font-medium">{target}</span>
              {outcome ? (
                <>
                  : <span className="rounded bg-slate-100 px-1.5 py-0.5 font-semibold">{outcome}</span>.
                </>
              ) : (
                "."
              )}
            </p>
            {detail && (
              <p className="mt-1 whitespace-pre-line text-slate-700">
                <span className="font-medium">{detail.label}:</span> {detail.text}
              </p>
            )}
            <p className="mt-1 text-slate-600">
              <time dateTime={e.createdAt.toISOString()}>{formatDateTimeWithZone(e.createdAt, timeZone, locale)}</time>
              {e.action === "survey_status" && e.targetSurveyId && e.newValue === "publish" && (
                <>
                  {" · "}
                  <Link href={localePath(locale, surveyHref(e.targetSurveyId))} className="text-brand-700 underline">
                    {t("audit.viewSurvey")}
                  </Link>
                </>
              )}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

/** The latest audited changes: roles, survey statuses, credentials, deletions, suspensions and voided votes. */
export async function AuditList({ limit = 10, locale = "en" }: { limit?: number; locale?: Locale }) {
  return <AuditEntries entries={await listLatestAudit(limit)} timeZone={getEnv().APP_TIME_ZONE} locale={locale} />;
}
