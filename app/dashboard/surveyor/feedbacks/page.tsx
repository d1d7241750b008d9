import type { Metadata } from "next";
import { PageHeading } from "@/components/dashboard/page-heading";
import { Feedbacks } from "@/components/surveyor/feedbacks";
import { requireCan } from "@/lib/auth/guards";
import { readPage } from "@/lib/validation/paging";

export const metadata: Metadata = { title: "Survey List" };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireCan("/dashboard/surveyor/feedbacks", "viewSurveyorDashboard");
  const page = readPage((await searchParams).page);
  return (
    <>
      <PageHeading title="Survey List" intro="Your surveys that an admin gave feedback on, and what they said. Open an unpublished one to update it and ask for a review." />
      <Feedbacks surveyorId={user.id} page={page} />
    </>
  );
}
