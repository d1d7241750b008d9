// The authorisation matrix's rows for the dashboard pages and /payment (tests/matrix/routes.ts). Pages
// declare no access the matrix could read, so each row says what every caller gets.
import { all, type Caller, type Expected, type Row } from "./callers";

/** A dashboard page: signed out to the login page, the wrong role to its own dashboard. */
const page = (callers: Caller[], status: Expected = 200): Record<Caller, Expected> => {
  const result = { ...all("own-dashboard"), anon: "login" as Expected };
  for (const c of callers) result[c] = status;
  return result;
};

export const PAGE_ROWS: Row[] = [
  { file: "app/[locale]/dashboard/page.tsx", method: "GET", path: () => "/dashboard", expect: { ...all("own-dashboard"), anon: "login" }, proof: "sends each person to their role's dashboard" },
  { file: "app/[locale]/dashboard/admin/page.tsx", method: "GET", path: () => "/dashboard/admin", expect: page(["admin"]), proof: "admin layout guard" },
  { file: "app/[locale]/dashboard/admin/users/page.tsx", method: "GET", path: () => "/dashboard/admin/users", expect: page(["admin"]), proof: "admin layout guard" },
  { file: "app/[locale]/dashboard/admin/surveys/page.tsx", method: "GET", path: () => "/dashboard/admin/surveys", expect: page(["admin"]), proof: "admin layout guard" },
  {
    file: "app/[locale]/dashboard/admin/surveys/[id]/page.tsx",
    method: "GET",
    path: (ids) => `/dashboard/admin/surveys/${ids.survey}`,
    expect: page(["admin"]),
    proof: "admin layout guard: a survey's integrity review",
  },
  { file: "app/[locale]/dashboard/admin/payments/page.tsx", method: "GET", path: () => "/dashboard/admin/payments", expect: page(["admin"]), proof: "admin layout guard" },
  { file: "app/[locale]/dashboard/admin/messages/page.tsx", method: "GET", path: () => "/dashboard/admin/messages", expect: page(["admin"]), proof: "admin layout guard" },
  { file: "app/[locale]/dashboard/surveyor/page.tsx", method: "GET", path: () => "/dashboard/surveyor", expect: page(["owner", "other"]), proof: "surveyor layout guard" },
  { file: "app/[locale]/dashboard/surveyor/create/page.tsx", method: "GET", path: () => "/dashboard/surveyor/create", expect: page(["owner", "other"]), proof: "surveyor layout guard" },
  { file: "app/[locale]/dashboard/surveyor/feedbacks/page.tsx", method: "GET", path: () => "/dashboard/surveyor/feedbacks", expect: page(["owner", "other"]), proof: "surveyor layout guard" },
  { file: "app/[locale]/dashboard/surveyor/surveys/page.tsx", method: "GET", path: () => "/dashboard/surveyor/surveys", expect: page(["owner", "other"]), proof: "surveyor layout guard" },
  {
    file: "app/[locale]/dashboard/surveyor/surveys/[id]/page.tsx",
    method: "GET",
    path: (ids) => `/dashboard/surveyor/surveys/${ids.survey}`,
    expect: { ...page(["owner"]), other: "refused-in-page" },
    proof: "a survey's results: its own surveyor; another surveyor reads only the refusal",
  },
  {
    file: "app/[locale]/dashboard/surveyor/update/[id]/page.tsx",
    method: "GET",
    path: (ids) => `/dashboard/surveyor/update/${ids.survey}`,
    expect: { ...page(["owner"]), other: "refused-in-page" },
    proof: "the edit form: its own surveyor; another surveyor reads only the refusal",
  },
  { file: "app/[locale]/dashboard/user/page.tsx", method: "GET", path: () => "/dashboard/user", expect: page(["user"]), proof: "user layout guard" },
  { file: "app/[locale]/dashboard/user/surveys/page.tsx", method: "GET", path: () => "/dashboard/user/surveys", expect: page(["user"]), proof: "user layout guard" },
  { file: "app/[locale]/dashboard/user/my-reports/page.tsx", method: "GET", path: () => "/dashboard/user/my-reports", expect: page(["user"]), proof: "user layout guard" },
  { file: "app/[locale]/dashboard/pro_user/page.tsx", method: "GET", path: () => "/dashboard/pro_user", expect: page(["pro"]), proof: "pro_user layout guard" },
  { file: "app/[locale]/dashboard/pro_user/surveys/page.tsx", method: "GET", path: () => "/dashboard/pro_user/surveys", expect: page(["pro"]), proof: "pro_user layout guard" },
  { file: "app/[locale]/dashboard/pro_user/my-reports/page.tsx", method: "GET", path: () => "/dashboard/pro_user/my-reports", expect: page(["pro"]), proof: "pro_user layout guard" },
  { file: "app/[locale]/dashboard/pro_user/comments/page.tsx", method: "GET", path: () => "/dashboard/pro_user/comments", expect: page(["pro"]), proof: "pro_user layout guard" },
  { file: "app/[locale]/dashboard/pro_user/billing/page.tsx", method: "GET", path: () => "/dashboard/pro_user/billing", expect: page(["pro"]), proof: "pro_user layout guard" },
  { file: "app/[locale]/dashboard/account/page.tsx", method: "GET", path: () => "/dashboard/account", expect: { ...all(200), anon: "login" }, proof: "every signed-in role's own account page" },
  { file: "app/[locale]/payment/page.tsx", method: "GET", path: () => "/payment", expect: { ...all(200), anon: "login" }, proof: "signed in only (it says so to roles that cannot buy)" },
];
