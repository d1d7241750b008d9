import { SurveyListSkeleton } from "@/components/survey/survey-skeletons";

export default function Loading() {
  return <SurveyListSkeleton />;
}
