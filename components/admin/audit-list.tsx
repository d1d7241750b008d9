import Link from "next/link";
import { EmptyState } from "@/components/dashboard/data-table";
import { describeAuditEvent } from "@/lib/moderation/audit-text";
import { surveyHref } from "@/lib/public-urls";
import { listLatestAudit, type AuditEntry } from "@/lib/moderation/audit";
import { getEnv } from "@/lib/env";
import { formatDateTimeWithZone } from "@/lib/dates";

/** Audit entries in words (`describeAuditEvent`): who did what to whom, what changed, its detail, when. */
export function AuditEntries({ entries, timeZone }: { entries: AuditEntry[]; timeZone: string }) {
  if (entries.length === 0) return <EmptyState>No audited changes yet.</EmptyState>;
  return (
    <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Latest changes">
      {entries.map((e) => {
        const { actor, action, target, outcome, detail } = describeAuditEvent(e);
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
              <time dateTime={e.createdAt.toISOString()}>{formatDateTimeWithZone(e.createdAt, timeZone)}</time>
              {e.action === "survey_status" && e.targetSurveyId && e.newValue === "publish" && (
                <>
                  {" · "}
                  <Link href={surveyHref(e.targetSurveyId)} className="text-brand-700 underline">
                    View survey
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
export async function AuditList({ limit = 10 }: { limit?: number }) {
  return <AuditEntries entries={await listLatestAudit(limit)} timeZone={getEnv().APP_TIME_ZONE} />;
}
