import type { Metadata } from "next";
import { Feedbacks } from "@/components/surveyor/feedbacks";
import { requireCan } from "@/lib/auth/guards";
import { readPage } from "@/lib/validation/paging";

export const metadata: Metadata = { title: "Survey List" };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireCan("/dashboard/surveyor/feedbacks", "viewSurveyorDashboard");
  const page = readPage((await searchParams).page);
  return (
    <>
      <header className="mb-6">
        <h1 className="text-2xl font-bold">Survey List</h1>
        <p className="mt-1 text-slate-600">Your surveys that an admin gave feedback on, and what they said.</p>
      </header>
      <Feedbacks surveyorId={user.id} page={page} />
    </>
  );
}
