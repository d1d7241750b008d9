import "server-only";
import { can } from "@/lib/auth/permissions";
import { formatMoney } from "@/lib/payments/money";
import { adminStats, participantStats, surveyorStats } from "@/lib/dashboards/dashboard-stats";
import type { Role } from "@/models/enums";

const number = (n: number) => new Intl.NumberFormat("en-US").format(n);

// Each role's overview figures, as the tiles show them.
export type OverviewStat = { label: string; value: string; href?: string; hint?: string };

export async function participantFigures(userId: string, role: Extract<Role, "user" | "pro_user">): Promise<OverviewStat[]> {
  const s = await participantStats(userId);
  return [
    { label: "Surveys voted on", value: number(s.voted), href: `/dashboard/${role}/surveys` },
    { label: "Reports", value: number(s.reports), href: `/dashboard/${role}/my-reports` },
    can(role, "viewOwnComments")
      ? { label: "Comments", value: number(s.comments), href: "/dashboard/pro_user/comments" }
      : { label: "Comments", value: number(s.comments), href: "/pricing", hint: "Comment with your vote on the Extended plan" },
  ];
}

export async function surveyorFigures(surveyorId: string, timeZone: string): Promise<OverviewStat[]> {
  const s = await surveyorStats(surveyorId, timeZone);
  return [
    { label: "Surveys", value: number(s.surveys), href: "/dashboard/surveyor/surveys" },
    { label: "Votes received", value: number(s.votes), href: "/dashboard/surveyor/surveys" },
    { label: "Open for voting", value: number(s.open), href: "/dashboard/surveyor/surveys" },
  ];
}

export async function adminFigures(timeZone: string): Promise<OverviewStat[]> {
  const s = await adminStats(timeZone);
  const money = s.paymentsThisMonth.totals.map((t) => formatMoney(t.amount, t.currency)).join(" + ");
  return [
    { label: "Users", value: number(s.users), href: "/dashboard/admin/users" },
    { label: "Surveys awaiting review", value: number(s.awaitingReview), href: "/dashboard/admin/surveys?reported=1", hint: "Published and reported" },
    {
      label: "Payments this month",
      value: number(s.paymentsThisMonth.count),
      href: "/dashboard/admin/payments",
      hint: money ? `${money} received` : "Nothing received yet",
    },
  ];
}
