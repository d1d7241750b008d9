import type { Role } from "@/models/enums";

type DashboardLink = { href: string; label: string; description: string };

// The product's sidebars; pro_user alone also gets My Commented Surveys.
const participantLinks = (role: "user" | "pro_user"): DashboardLink[] => [
  { href: `/dashboard/${role}/surveys`, label: "Participated Surveys", description: "Surveys you voted on." },
  { href: `/dashboard/${role}/my-reports`, label: "My Reported Surveys", description: "Surveys you reported, with their status." },
];

// Every role's last link: the person's own account.
const accountLink: DashboardLink = { href: "/dashboard/account", label: "Account", description: "Your name, picture, password, sessions and data." };

export const dashboardLinks: Record<Role, DashboardLink[]> = {
  surveyor: [
    { href: "/dashboard/surveyor/create", label: "Create Survey", description: "Write a new yes/no survey." },
    { href: "/dashboard/surveyor/surveys", label: "All Surveys", description: "Your surveys, results and voters." },
    { href: "/dashboard/surveyor/feedbacks", label: "Feedbacks", description: "What the admins said about unpublished surveys." },
    accountLink,
  ],
  admin: [
    { href: "/dashboard/admin/users", label: "Manage User", description: "See every account and change roles." },
    { href: "/dashboard/admin/surveys", label: "Manage Surveys", description: "Publish or unpublish surveys, with feedback." },
    { href: "/dashboard/admin/payments", label: "Payments", description: "Every payment received." },
    { href: "/dashboard/admin/messages", label: "Messages", description: "What visitors sent through the contact form." },
    accountLink,
  ],
  user: [...participantLinks("user"), accountLink],
  pro_user: [
    ...participantLinks("pro_user"),
    { href: "/dashboard/pro_user/comments", label: "My Commented Surveys", description: "Your comments, survey by survey." },
    { href: "/dashboard/pro_user/billing", label: "Billing", description: "Your payment and its receipt." },
    accountLink,
  ],
};
