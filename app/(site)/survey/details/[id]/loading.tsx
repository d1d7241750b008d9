import { SurveyPageSkeleton } from "@/components/survey/survey-skeletons";

// Opening a survey shows its shape at once, inside the site's header and footer.
export default function Loading() {
  return <SurveyPageSkeleton />;
}
