import { forbidden } from "@/lib/api/errors";
import type { Role } from "@/models";

// What each role may do. Routes and pages ask `can`, never compare roles inline.
const permissions = {
  vote: ["user", "pro_user"],
  report: ["user", "pro_user"],
  comment: ["pro_user"],
  viewOwnParticipation: ["user", "pro_user"],
  viewOwnComments: ["pro_user"],
  purchasePro: ["user"],
  createSurvey: ["surveyor", "admin"],
  manageOwnSurveys: ["surveyor", "admin"],
  // API keys for one's own tools (/api/v1) and the webhooks they hear: whoever may create surveys.
  useApiKeys: ["surveyor", "admin"],
  readFeedback: ["surveyor"],
  manageUsers: ["admin"],
  moderateSurveys: ["admin"],
  viewPayments: ["admin"],
  readContactMessages: ["admin"],
  // Suspending an account, voiding its votes and restoring them.
  moderateAccounts: ["admin"],
  // Each role's dashboard, /dashboard/{role}: the proxy and every layout and page under it ask these.
  viewUserDashboard: ["user"],
  viewProUserDashboard: ["pro_user"],
  viewSurveyorDashboard: ["surveyor"],
  viewAdminDashboard: ["admin"],
  // The Extended plan's holders: their payment and receipt (and the pricing page says they have it).
  viewOwnBilling: ["pro_user"],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof permissions;
/** Every action of the table. */
export const ACTIONS = Object.keys(permissions) as Action[];

export function can(role: Role | null | undefined, action: Action): boolean {
  return !!role && (permissions[action] as readonly Role[]).includes(role);
}

export function rolesFor(action: Action): readonly Role[] {
  return permissions[action];
}

const NOT_SELF = "You can only act for your own account";

/**
 * A request that names a person (a body's email or name, a path's email or id) may name only the
 * caller, whatever it says; `unless` lets a role that may act for anyone through (an admin). Emails
 * are compared trimmed and case-blind, names trimmed; a field left out is not checked.
 */
export function assertSelf(
  caller: { id: string; email: string; name?: string | null; role: Role },
  claimed: { id?: string | null; email?: string | null; name?: string | null },
  options: { message?: string; unless?: Action } = {},
): void {
  if (options.unless && can(caller.role, options.unless)) return;
  const email = claimed.email?.trim();
  const name = claimed.name?.trim();
  const other =
    (claimed.id != null && claimed.id !== caller.id) ||
    (!!email && email.toLowerCase() !== caller.email.toLowerCase()) ||
    (!!name && name !== (caller.name ?? "").trim());
  if (other) throw forbidden(options.message ?? NOT_SELF);
}
