import type { Role } from "@/models/enums";
import type en from "@/messages/dashboard/en.json";

/** A section's texts: `dashboard.links.{key}.label` and `.description`. */
export type DashboardLinkKey = keyof (typeof en)["links"];
type DashboardLink = { href: string; key: DashboardLinkKey };

// The product's sidebars; pro_user alone also gets My Commented Surveys.
const participantLinks = (role: "user" | "pro_user"): DashboardLink[] => [
  { href: `/dashboard/${role}/surveys`, key: "participated" },
  { href: `/dashboard/${role}/my-reports`, key: "reports" },
];

// Every role's last link: the person's own account.
const accountLink: DashboardLink = { href: "/dashboard/account", key: "account" };

export const dashboardLinks: Record<Role, DashboardLink[]> = {
  surveyor: [{ href: "/dashboard/surveyor/create", key: "create" }, { href: "/dashboard/surveyor/surveys", key: "surveys" }, { href: "/dashboard/surveyor/feedbacks", key: "feedbacks" }, accountLink],
  admin: [
    { href: "/dashboard/admin/users", key: "users" },
    { href: "/dashboard/admin/surveys", key: "manageSurveys" },
    { href: "/dashboard/admin/payments", key: "payments" },
    { href: "/dashboard/admin/messages", key: "messages" },
    accountLink,
  ],
  user: [...participantLinks("user"), accountLink],
  pro_user: [...participantLinks("pro_user"), { href: "/dashboard/pro_user/comments", key: "comments" }, { href: "/dashboard/pro_user/billing", key: "billing" }, accountLink],
};
