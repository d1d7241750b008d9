// Each operation that changes what the public pages show emits its event itself, so its consequences
// follow whoever calls it (a route, another service): called here without any route, the pages expire
// or go stale exactly as the event table says.
import { beforeEach, describe, expect, it } from "vitest";
import { setSurveyStatus } from "@/lib/moderation/moderation";
import { restoreVotes, suspendUser, voidVotes } from "@/lib/moderation/suspension";
import { createSurvey as createOwnSurvey, updateSurveyFields } from "@/lib/surveys/workspace";
import { castVote } from "@/lib/votes/votes";
import { createSurvey, createUser } from "@/tests/factories";
import { revalidations } from "@/tests/next-cache-stub";

const AT_ONCE = { expire: 0 };
const STALE = {};
const fields = {
  title: "Events",
  description: "A survey whose changes are followed by the pages that show it.",
  category: "Technology" as const,
  deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  questionTitle: "Question",
  questionDescription: "Do you agree?",
};

beforeEach(() => {
  revalidations.length = 0;
});

describe("operations emit their own consequences", () => {
  it("creating, editing, unpublishing and publishing a survey expire its page and the lists at once", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const admin = await createUser({ role: "admin" });
    const { id } = await createOwnSurvey(surveyor.id, fields);
    expect(revalidations).toEqual([{ tag: "surveys", profile: AT_ONCE }, { tag: `survey:${id}`, profile: AT_ONCE }]);

    for (const change of [
      () => updateSurveyFields(id, { ...fields, title: "Edited" }),
      () => setSurveyStatus({ actorId: admin.id, surveyId: id, status: "unpublish", feedbackMessage: "Off topic" }),
      () => setSurveyStatus({ actorId: admin.id, surveyId: id, status: "publish" }),
    ]) {
      revalidations.length = 0;
      await change();
      expect(revalidations).toEqual([{ tag: "surveys", profile: AT_ONCE }, { tag: `survey:${id}`, profile: AT_ONCE }]);
    }

    // No change, no event.
    revalidations.length = 0;
    expect(await setSurveyStatus({ actorId: admin.id, surveyId: id, status: "publish" })).toEqual({ modifiedCount: 0 });
    expect(revalidations).toEqual([]);
  });

  it("a vote marks the pages stale; a refused vote touches nothing", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const voter = await createUser();
    const survey = await createSurvey(surveyor.id);
    await castVote({ surveyId: survey.id, userId: voter.id, role: "user", vote: "yes" });
    expect(revalidations).toEqual([{ tag: "surveys", profile: STALE }, { tag: `survey:${survey.id}`, profile: STALE }]);

    revalidations.length = 0;
    await expect(castVote({ surveyId: survey.id, userId: voter.id, role: "user", vote: "no" })).rejects.toMatchObject({ status: 409 });
    expect(revalidations).toEqual([]);
  });

  it("voiding and restoring a suspended account's votes expire each survey it voted on", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const admin = await createUser({ role: "admin" });
    const suspect = await createUser();
    const [a, b] = [await createSurvey(surveyor.id), await createSurvey(surveyor.id)];
    for (const s of [a, b]) await castVote({ surveyId: s.id, userId: suspect.id, role: "user", vote: "yes" });
    await suspendUser(suspect.id, "Bought votes", admin.id);

    for (const change of [() => voidVotes(suspect.id, "Bought votes", admin.id), () => restoreVotes(suspect.id, admin.id)]) {
      revalidations.length = 0;
      await change();
      expect(new Set(revalidations.map((r) => r.tag))).toEqual(new Set(["surveys", `survey:${a.id}`, `survey:${b.id}`]));
      for (const r of revalidations) expect(r.profile).toEqual(AT_ONCE);
    }
  });
});
