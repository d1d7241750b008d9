import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { IntlIsland } from "@/components/i18n/intl-island";
import { PageHeading } from "@/components/dashboard/page-heading";
import { LoadError } from "@/components/dashboard/data-table";
import { loadErrorText } from "@/components/surveyor/survey-errors";
import { SurveyForm } from "@/components/surveyor/survey-form";
import { requireCan } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";
import { Link } from "@/lib/i18n/link";
import { loadManagedSurvey } from "@/lib/surveys/managed-survey";
import { siteToday } from "@/lib/site-dates";
import { minDeadlineForUpdate } from "@/lib/surveys/schema";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeFromParams(params), namespace: "surveyor" });
  return { title: t("update.title") };
}

async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireCan(`/dashboard/surveyor/update/${id}`, "viewSurveyorDashboard");
  const result = await loadManagedSurvey(id, user);
  const t = await getTranslations("surveyor");
  // An unpublished survey of the surveyor's own: the admin's feedback, and "Ask for review" once saved.
  const unpublished =
    !("error" in result) && result.survey.status === "unpublish" && result.survey.surveyorId === user.id
      ? { feedback: result.survey.feedback, requestedAt: result.survey.reviewRequestedAt, timeZone: getEnv().APP_TIME_ZONE }
      : undefined;
  return (
    <>
      <PageHeading
        title={t("update.title")}
        intro={
          <>
            {t("update.intro")}{" "}
            <Link href="/dashboard/surveyor/surveys" className="font-medium text-brand-700 underline">
              {t("update.back")}
            </Link>
          </>
        }
      />
      {"error" in result ? (
        <LoadError message={loadErrorText(result.error, t)} />
      ) : (
        <IntlIsland namespaces={["surveyor"]}>
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
        </IntlIsland>
      )}
    </>
  );
}

export default localised(Page);
