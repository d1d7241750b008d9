import type { Metadata } from "next";
import Link from "next/link";
import { PageHeading } from "@/components/dashboard/page-heading";
import { LoadError } from "@/components/dashboard/data-table";
import { SurveyForm } from "@/components/surveyor/survey-form";
import { requireCan } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";
import { loadManagedSurvey } from "@/lib/surveys/managed-survey";
import { siteToday } from "@/lib/site-dates";
import { minDeadlineForUpdate } from "@/lib/surveys/schema";

export const metadata: Metadata = { title: "Update Survey" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireCan(`/dashboard/surveyor/update/${id}`, "viewSurveyorDashboard");
  const result = await loadManagedSurvey(id, user);
  // An unpublished survey of the surveyor's own: the admin's feedback, and "Ask for review" once saved.
  const unpublished =
    !("error" in result) && result.survey.status === "unpublish" && result.survey.surveyorId === user.id
      ? { feedback: result.survey.feedback, requestedAt: result.survey.reviewRequestedAt, timeZone: getEnv().APP_TIME_ZONE }
      : undefined;
  return (
    <>
      <PageHeading
        title="Update Survey"
        intro={
          <>
            Change the text, category, deadline or who sees the results. Votes, status and feedback stay as they are.{" "}
            <Link href="/dashboard/surveyor/surveys" className="font-medium text-brand-700 underline">
              Back to All Surveys
            </Link>
          </>
        }
      />
      {"error" in result ? (
        <LoadError message={result.error} />
      ) : (
        <SurveyForm
          mode="update"
          surveyId={result.survey.id}
          minDeadline={minDeadlineForUpdate(siteToday(), result.survey.deadline)}
          voteCount={result.survey.yesCount + result.survey.noCount}
          unpublished={unpublished}
          defaultValues={{
            title: result.survey.title,
            description: result.survey.description,
            category: result.survey.category,
            deadline: result.survey.deadline,
            questionTitle: result.survey.questionTitle,
            questionDescription: result.survey.questionDescription,
            resultsVisibility: result.survey.resultsVisibility,
          }}
        />
      )}
    </>
  );
}
