import { describe, expect, it } from "vitest";
import { ROLES } from "@/models/enums";
import { ACTIONS, assertSelf, can, type Action } from "./permissions";

// The role table (docs/architecture.md), row by row.
const table: Record<string, Action[]> = {
  user: ["vote", "report", "viewOwnParticipation", "purchasePro", "viewUserDashboard"],
  pro_user: ["vote", "report", "comment", "viewOwnParticipation", "viewOwnComments", "viewProUserDashboard", "viewOwnBilling"],
  surveyor: ["createSurvey", "manageOwnSurveys", "useApiKeys", "readFeedback", "viewSurveyorDashboard"],
  admin: ["manageUsers", "moderateSurveys", "viewPayments", "readContactMessages", "moderateAccounts", "createSurvey", "manageOwnSurveys", "useApiKeys", "viewAdminDashboard"],
};
const actions = [...new Set(Object.values(table).flat())];

describe("permissions", () => {
  for (const role of ROLES) {
    it(`gives ${role} exactly its abilities`, () => {
      for (const action of actions) expect([action, can(role, action)]).toEqual([action, table[role].includes(action)]);
    });
  }

  it("checks every action of the table: an action added there needs its row here", () => {
    expect([...actions].sort()).toEqual([...ACTIONS].sort());
  });

  it("gives a signed-out visitor nothing", () => {
    for (const action of actions) expect(can(null, action)).toBe(false);
  });
});

describe("assertSelf", () => {
  const me = { id: "u1", email: "me@example.test", name: "Me", role: "user" as const };
  it("lets a request name only the caller, emails case-blind and trimmed", () => {
    expect(() => assertSelf(me, { email: " ME@example.test ", name: "Me", id: "u1" })).not.toThrow();
    expect(() => assertSelf(me, {})).not.toThrow();
    expect(() => assertSelf(me, { email: "", name: null })).not.toThrow();
    expect(() => assertSelf(me, { email: "other@example.test" })).toThrow("You can only act for your own account");
    expect(() => assertSelf(me, { name: "Someone" })).toThrow("You can only act for your own account");
    expect(() => assertSelf(me, { id: "u2" }, { message: "Not yours" })).toThrow("Not yours");
  });
  it("lets a role that may act for anyone through", () => {
    expect(() => assertSelf({ ...me, role: "admin" }, { email: "other@example.test" }, { unless: "manageUsers" })).not.toThrow();
    expect(() => assertSelf(me, { email: "other@example.test" }, { unless: "manageUsers" })).toThrow();
  });
});
