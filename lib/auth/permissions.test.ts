import { describe, expect, it } from "vitest";
import { ROLES } from "@/models/enums";
import { can, type Action } from "./permissions";

// SPEC.md §6, row by row.
const table: Record<string, Action[]> = {
  user: ["vote", "report", "viewOwnParticipation", "purchasePro"],
  pro_user: ["vote", "report", "comment", "viewOwnParticipation", "viewOwnComments"],
  surveyor: ["createSurvey", "manageOwnSurveys", "readFeedback"],
  admin: ["manageUsers", "moderateSurveys", "viewPayments", "readContactMessages", "createSurvey", "manageOwnSurveys"],
};
const actions = [...new Set(Object.values(table).flat())];

describe("permissions", () => {
  for (const role of ROLES) {
    it(`gives ${role} exactly its abilities`, () => {
      for (const action of actions) expect([action, can(role, action)]).toEqual([action, table[role].includes(action)]);
    });
  }

  it("gives a signed-out visitor nothing", () => {
    for (const action of actions) expect(can(null, action)).toBe(false);
  });
});
