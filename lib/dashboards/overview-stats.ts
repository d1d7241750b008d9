import "server-only";
import { getFormatter, getTranslations } from "next-intl/server";
import { can } from "@/lib/auth/permissions";
import { formatMoney } from "@/lib/payments/money";
import { adminStats, participantStats, surveyorStats } from "@/lib/dashboards/dashboard-stats";
import type { Role } from "@/models/enums";

// Each role's overview figures, as the tiles show them, in the page's language ("1,234" in English).
export type OverviewStat = { label: string; value: string; href?: string; hint?: string };

/** The overview's translator and a count as the page's language writes it. */
async function words() {
  const [t, format] = await Promise.all([getTranslations("dashboard.figures"), getFormatter()]);
  return { t, number: (n: number) => format.number(n) };
}

export async function participantFigures(userId: string, role: Extract<Role, "user" | "pro_user">): Promise<OverviewStat[]> {
  const [s, { t, number }] = await Promise.all([participantStats(userId), words()]);
  return [
    { label: t("votedOn"), value: number(s.voted), href: `/dashboard/${role}/surveys` },
    { label: t("reports"), value: number(s.reports), href: `/dashboard/${role}/my-reports` },
    can(role, "viewOwnComments")
      ? { label: t("comments"), value: number(s.comments), href: "/dashboard/pro_user/comments" }
      : { label: t("comments"), value: number(s.comments), href: "/pricing", hint: t("commentsHint") },
  ];
}

export async function surveyorFigures(surveyorId: string, timeZone: string): Promise<OverviewStat[]> {
  const [s, { t, number }] = await Promise.all([surveyorStats(surveyorId, timeZone), words()]);
  return [
    { label: t("surveys"), value: number(s.surveys), href: "/dashboard/surveyor/surveys" },
    { label: t("votesReceived"), value: number(s.votes), href: "/dashboard/surveyor/surveys" },
    { label: t("open"), value: number(s.open), href: "/dashboard/surveyor/surveys" },
  ];
}

export async function adminFigures(timeZone: string): Promise<OverviewStat[]> {
  const [s, { t, number }] = await Promise.all([adminStats(timeZone), words()]);
  const money = s.paymentsThisMonth.totals.map((total) => formatMoney(total.amount, total.currency)).join(" + ");
  return [
    { label: t("users"), value: number(s.users), href: "/dashboard/admin/users" },
    { label: t("awaitingReview"), value: number(s.awaitingReview), href: "/dashboard/admin/surveys?reported=1", hint: t("awaitingReviewHint") },
    {
      label: t("paymentsThisMonth"),
      value: number(s.paymentsThisMonth.count),
      href: "/dashboard/admin/payments",
      hint: money ? t("received", { money }) : t("nothingReceived"),
    },
  ];
}
