import type { Metadata } from "next";
import { PageHeading } from "@/components/dashboard/page-heading";
import { SurveyForm } from "@/components/surveyor/survey-form";
import { requireCan } from "@/lib/auth/guards";
import { siteToday } from "@/lib/site-dates";

export const metadata: Metadata = { title: "Create Survey" };

export default async function Page() {
  await requireCan("/dashboard/surveyor/create", "viewSurveyorDashboard");
  return (
    <>
      <PageHeading title="Create Survey" intro="A yes/no question for the community. Every field is required." />
      {/* Today in the site's time zone, from the server: the browser's own date may differ. */}
      <SurveyForm mode="create" minDeadline={siteToday()} />
    </>
  );
}
