import type { Metadata } from "next";
import { SurveyCard } from "@/components/survey/survey-card";
import { listPublishedSurveys } from "@/lib/services/surveys";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Surveys" };

export default async function SurveysPage() {
  const surveys = await listPublishedSurveys({ limit: 60 });
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-3xl font-bold">All Surveys</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-3">
        {surveys.map((s) => <SurveyCard key={s.id} survey={s} />)}
      </div>
    </div>
  );
}
