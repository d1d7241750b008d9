import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { payments, surveys } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { adminStats, participantStats, surveyorStats } from "./dashboard-stats";
import { reportSurvey } from "@/lib/votes/reports";
import { castVote } from "@/lib/votes/votes";

describe("dashboard overview figures", () => {
  it("count only the person's own votes, reports and comments", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const pro = await createUser({ role: "pro_user" });
    const other = await createUser();
    const [a, b, c] = await Promise.all([createSurvey(surveyor.id), createSurvey(surveyor.id), createSurvey(surveyor.id)]);
    await castVote({ surveyId: a.id, userId: pro.id, role: "pro_user", vote: "yes", comment: "Mine" });
    await castVote({ surveyId: b.id, userId: pro.id, role: "pro_user", vote: "no" });
    await castVote({ surveyId: a.id, userId: other.id, role: "user", vote: "no" });
    await reportSurvey({ surveyId: c.id, userId: pro.id, role: "pro_user" });
    expect(await participantStats(pro.id)).toEqual({ voted: 2, reports: 1, comments: 1 });
    expect(await participantStats(other.id)).toEqual({ voted: 1, reports: 0, comments: 0 });
  });

  it("give a surveyor their surveys, the votes received and how many are open", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const someoneElse = await createUser({ role: "surveyor" });
    await createSurvey(surveyor.id, { yesCount: 3, noCount: 2 });
    await createSurvey(surveyor.id, { yesCount: 1, noCount: 0, deadlineInDays: -2 });
    await createSurvey(surveyor.id, { status: "unpublish" });
    await createSurvey(someoneElse.id, { yesCount: 50 });
    expect(await surveyorStats(surveyor.id, "UTC")).toEqual({ surveys: 3, votes: 6, open: 1 });
  });

  it("give an admin the accounts, reported published surveys and this month's received payments", async () => {
    const before = await adminStats("UTC");
    const surveyor = await createUser({ role: "surveyor" });
    const user = await createUser();
    const reported = await createSurvey(surveyor.id);
    const reportedHidden = await createSurvey(surveyor.id);
    await reportSurvey({ surveyId: reported.id, userId: user.id, role: "user" });
    await reportSurvey({ surveyId: reportedHidden.id, userId: user.id, role: "user" });
    const db = await getDb();
    await db.update(surveys).set({ status: "unpublish" }).where(eq(surveys.id, reportedHidden.id));
    const lastYear = new Date(Date.now() - 400 * 86_400_000);
    const pay = (n: number, extra: Partial<typeof payments.$inferInsert> = {}) => ({
      paymentIntentId: `pi_stats_${n}_${Math.random()}`,
      amount: 1600,
      currency: "usd",
      userId: user.id,
      userEmail: user.email,
      ...extra,
    });
    await db.insert(payments).values([pay(1), pay(2), pay(3, { status: "refunded" }), pay(4, { createdAt: lastYear })]);
    const after = await adminStats("UTC");
    expect(after.users - before.users).toBe(2);
    expect(after.awaitingReview - before.awaitingReview).toBe(1);
    expect(after.paymentsThisMonth.count - before.paymentsThisMonth.count).toBe(2);
    const usd = (s: typeof after) => s.paymentsThisMonth.totals.find((t) => t.currency === "usd")?.amount ?? 0;
    expect(usd(after) - usd(before)).toBe(3200);
  });
});
