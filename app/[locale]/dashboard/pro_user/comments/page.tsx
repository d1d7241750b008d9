import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CommentedSurveys } from "@/components/dashboard/my-surveys";
import { requireCan } from "@/lib/auth/guards";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeFromParams(params), namespace: "dashboard" });
  return { title: t("lists.commented.title") };
}

async function Page() {
  const user = await requireCan("/dashboard/pro_user/comments", "viewProUserDashboard");
  return <CommentedSurveys userId={user.id} />;
}

export default localised(Page);
