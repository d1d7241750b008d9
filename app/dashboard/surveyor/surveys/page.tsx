import type { Metadata } from "next";
import Link from "next/link";
import { OwnSurveys } from "@/components/surveyor/own-surveys";
import { requireCan } from "@/lib/auth/guards";
import { readPage } from "@/lib/validation/paging";

export const metadata: Metadata = { title: "All Surveys" };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireCan("/dashboard/surveyor/surveys", "viewSurveyorDashboard");
  const page = readPage((await searchParams).page);
  return (
    <>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">All Surveys</h1>
          <p className="mt-1 text-slate-600">Your surveys, newest first, with their status and votes.</p>
        </div>
        <Link href="/dashboard/surveyor/create" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800">
          Create Survey
        </Link>
      </header>
      <OwnSurveys surveyorId={user.id} page={page} />
    </>
  );
}
