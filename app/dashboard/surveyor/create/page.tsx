import type { Metadata } from "next";
import { SurveyForm } from "@/components/surveyor/survey-form";
import { requireCan } from "@/lib/auth/guards";
import { siteToday } from "@/lib/site-dates";

export const metadata: Metadata = { title: "Create Survey" };

export default async function Page() {
  await requireCan("/dashboard/surveyor/create", "viewSurveyorDashboard");
  return (
    <>
      <header className="mb-6">
        <h1 className="text-2xl font-bold">Create Survey</h1>
        <p className="mt-1 text-slate-600">A yes/no question for the community. Every field is required.</p>
      </header>
      {/* Today in the site's time zone, from the server: the browser's own date may differ. */}
      <SurveyForm mode="create" minDeadline={siteToday()} />
    </>
  );
}
