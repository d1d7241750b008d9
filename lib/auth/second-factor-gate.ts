import "server-only";
import { ApiError } from "@/lib/api/errors";
import { can, type Action } from "@/lib/auth/permissions";
import { hasRecentSecondFactor, recentSecondFactorRequired, secondFactorRequired } from "@/lib/accounts/second-factor";
import type { Role } from "@/models";

// Where a second factor stands between a person and their powers (docs/security.md "Second factor"):
// the requirement for roles that hold power over results, and the step-up for the gravest actions.
// The API wrapper (lib/api/handler.ts), the pages' guards and the proxy (lib/auth/guards.ts, proxy.ts)
// and the grave operations' routes ask these; what counts as a second factor is
// lib/accounts/second-factor.ts's.

/** Where a person whose role needs a second factor is sent until they have one. */
export const SECOND_FACTOR_SETUP_PATH = "/dashboard/account?setup=second-factor#second-factor";

/**
 * The actions a role holds beyond an ordinary account's (moderation, payments, creating surveys and
 * reading their voters): the ones a required second factor guards. Voting, one's own account and the
 * account page (where the factor is set up) stay open.
 */
export function isPrivileged(action: Action): boolean {
  return !can("user", action) && !can("pro_user", action);
}

/** Whether `user` may not do `action` until they set up a second factor (REQUIRE_ADMIN_SECOND_FACTOR...). */
export function lacksRequiredSecondFactor(user: { role: Role; hasSecondFactor: boolean }, action: Action): boolean {
  return !user.hasSecondFactor && isPrivileged(action) && secondFactorRequired(user.role);
}

export const secondFactorRequiredError = () =>
  new ApiError("second_factor_required", "Your role needs a second factor. Set one up on your account page (/dashboard/account#second-factor), then try again.");

/**
 * The step-up of the gravest actions (voiding votes, lifting a void, making someone an admin): an
 * account with a second factor must have proved it in this session within the last minutes. An API
 * token has no session, so it never has (the action is for the browser). Accounts without a second
 * factor pass: where their role needs one, the requirement above has already refused them.
 */
export function assertRecentSecondFactor(user: { hasSecondFactor: boolean; secondFactorAt: Date | null }): void {
  if (!user.hasSecondFactor || hasRecentSecondFactor(user)) return;
  throw recentSecondFactorRequired();
}
