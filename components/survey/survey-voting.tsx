"use client";

// The personal part of a survey page (vote form, results chart, report button), fetched by the
// browser so the page itself stays one cached page for everyone. Built by the voting issue.
export function SurveyVoting({ surveyId, deadline }: { surveyId: string; deadline: string }) {
  return <div data-survey-id={surveyId} data-deadline={deadline} />;
}
