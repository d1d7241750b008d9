import type { Role } from "@/models";

// What each role may do (SPEC.md §6). Routes and pages ask `can`, never compare roles inline.
const permissions = {
  vote: ["user", "pro_user"],
  report: ["user", "pro_user"],
  comment: ["pro_user"],
  viewOwnParticipation: ["user", "pro_user"],
  viewOwnComments: ["pro_user"],
  purchasePro: ["user"],
  createSurvey: ["surveyor", "admin"],
  manageOwnSurveys: ["surveyor", "admin"],
  readFeedback: ["surveyor"],
  manageUsers: ["admin"],
  moderateSurveys: ["admin"],
  viewPayments: ["admin"],
  readContactMessages: ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof permissions;

export function can(role: Role | null | undefined, action: Action): boolean {
  return !!role && (permissions[action] as readonly Role[]).includes(role);
}

export function rolesFor(action: Action): readonly Role[] {
  return permissions[action];
}
