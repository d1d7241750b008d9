import { notFound } from "next/navigation";
import { SurveyVoting } from "@/components/survey/survey-voting";
import { getPublishedSurvey } from "@/lib/services/surveys";

export const dynamic = "force-dynamic";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function SurveyDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const survey = UUID.test(id) ? await getPublishedSurvey(id) : null;
  if (!survey) notFound();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <article className="rounded-xl border border-slate-200 p-6 shadow-sm">
        <p className="text-sm font-semibold text-brand-800">Survey Details</p>
        <h1 className="mt-2 text-3xl font-bold">{survey.title}</h1>
        <p className="mt-2 text-sm">Category: {survey.category}</p>
        <p className="mt-4 text-slate-700">{survey.description}</p>
        <p className="mt-4 text-sm">Deadline: {survey.deadline}</p>
      </article>
      <SurveyVoting surveyId={survey.id} deadline={survey.deadline} />
    </div>
  );
}
