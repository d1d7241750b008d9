import Link from "next/link";
import { EmptyState } from "@/components/dashboard/data-table";
import { surveyHref } from "@/lib/public-urls";
import { listLatestAudit, type AuditEntry } from "@/lib/services/audit";
import { getEnv } from "@/lib/env";
import { formatTime } from "./format";

function Target({ entry }: { entry: AuditEntry }) {
  if (entry.action === "role_change") return <span className="font-medium">{entry.targetUserEmail ?? "a deleted account"}</span>;
  if (!entry.targetSurveyId || !entry.targetSurveyTitle) return <span className="font-medium">a deleted survey</span>;
  return <span className="font-medium">&ldquo;{entry.targetSurveyTitle}&rdquo;</span>;
}

/** The latest role and status changes: who, what, to whom, old → new, the feedback, when. */
export async function AuditList({ limit = 10 }: { limit?: number }) {
  const entries = await listLatestAudit(limit);
  if (entries.length === 0) return <EmptyState>No role or status changes yet.</EmptyState>;
  return (
    <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Latest changes">
      {entries.map((e) => (
        <li key={e.id} className="p-4 text-sm">
          <p>
            <span className="font-medium">{e.actorEmail ?? (e.actorName ? e.actorName : "The system (payment)")}</span>{" "}
            {e.action === "role_change" ? "changed the role of" : "changed the status of"} <Target entry={e} />:{" "}
            <span className="rounded bg-slate-100 px-1.5 py-0.5">{e.oldValue ?? "none"}</span> →{" "}
            <span className="rounded bg-slate-100 px-1.5 py-0.5 font-semibold">{e.newValue ?? "none"}</span>
          </p>
          {e.feedback && <p className="mt-1 whitespace-pre-line text-slate-700">Feedback: {e.feedback}</p>}
          <p className="mt-1 text-slate-600">
            <time dateTime={e.createdAt.toISOString()}>{formatTime(e.createdAt, getEnv().APP_TIME_ZONE)}</time>
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
      ))}
    </ol>
  );
}
