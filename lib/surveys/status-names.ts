import type { SurveyStatus } from "@/models/enums";

/** A survey's status in words ("Published"), where the stored value ("publish") would otherwise show. Loads in the browser. */
export const SURVEY_STATUS_NAMES: Record<SurveyStatus, string> = { publish: "Published", unpublish: "Unpublished" };
