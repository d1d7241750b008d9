import "server-only";
import { stringify } from "csv-stringify/sync";
import { type ManagedSurvey } from "@/lib/surveys/workspace";
import { voterPages } from "@/lib/surveys/voters";
import type { SurveyField } from "@/lib/surveys/schema";

// The CSV export of one survey: its figures, then one row per voter. Quoting is csv-stringify's
// (RFC 4180); the rows are read from the database one keyset page at a time, only when the reader
// of the stream asks for more, so 100,000 voters never sit in memory together.

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return before one) as a
 * formula: such cells get a leading apostrophe, which shows as text (OWASP's "CSV injection").
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const csv = (rows: unknown[][]) =>
  stringify(rows, { cast: { string: neutraliseFormula, date: (d) => d.toISOString() }, record_delimiter: "\r\n" });

/**
 * The name of each field the surveyor wrote, as the export's first rows say it, in that order (the
 * first implementation's names). A field of the form without a name here does not compile.
 */
const FIELD_ROWS: Record<SurveyField, string> = {
  title: "Survey",
  description: "Description",
  questionTitle: "Question",
  questionDescription: "Question Description",
  category: "Category",
  deadline: "Deadline",
  resultsVisibility: "Results Visible",
};

const VOTER_HEADER = ["Serial No", "User Name", "User Email", "Vote", "Comment", "Voted At"];

/** A file name from the title: letters, digits and dashes only (never a header-injection vector). */
export function exportFileName(survey: { id: string; title: string }): string {
  const slug = survey.title
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_-]+/g, "-")
    .slice(0, 60)
    .toLowerCase();
  return `${slug || "survey"}-${survey.id.slice(0, 8)}.csv`;
}

/**
 * The survey as a UTF-8 CSV stream (with a byte order mark, so Excel reads UTF-8 names correctly).
 * `pageSize` is how many voters each database read fetches.
 */
export function surveyCsvStream(survey: ManagedSurvey, pageSize = 1000): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pages = voterPages(survey.id, pageSize);
  let serial = 0;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          const figures = csv([
            ...(Object.entries(FIELD_ROWS) as [SurveyField, string][]).map(([field, name]) => [name, survey[field]]),
            ["Status", survey.status],
            ["Created At", survey.createdAt],
            ["Yes", survey.yesCount],
            ["No", survey.noCount],
            ["Total Votes", survey.yesCount + survey.noCount],
            [],
            VOTER_HEADER,
          ]);
          controller.enqueue(encoder.encode(`\uFEFF${figures}`));
          return;
        }
        const next = await pages.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(
          encoder.encode(
            csv(next.value.map((v) => [++serial, v.userName ?? "", v.userEmail ?? "", v.vote === "yes" ? "Yes" : "No", v.comment ?? "", v.votedAt])),
          ),
        );
      },
      async cancel() {
        await pages.return(undefined);
      },
    },
    // Nothing is read ahead of the reader: one page is in memory at a time.
    { highWaterMark: 0 },
  );
}
