import { redirect } from "next/navigation";
import { requireUser } from "@/lib/auth/guards";

// /dashboard sends a person to their own role's dashboard.
export default async function DashboardIndex() {
  const user = await requireUser("/dashboard");
  redirect(`/dashboard/${user.role}`);
}
