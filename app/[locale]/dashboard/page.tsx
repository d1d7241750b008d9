import { getLocale } from "next-intl/server";
import { requireUser } from "@/lib/auth/guards";
import { redirect } from "@/lib/i18n/navigation";
import { localised } from "@/lib/i18n/server";

// /dashboard sends a person to their own role's dashboard, in the page's language.
async function DashboardIndex() {
  const user = await requireUser("/dashboard");
  redirect({ href: `/dashboard/${user.role}`, locale: await getLocale() });
}

export default localised(DashboardIndex);
