import { index, pgTable, uniqueIndex } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, belongsTo } from "./columns";
import { surveys } from "./surveys";
import { users } from "./users";

export const reports = pgTable(
  "reports",
  {
    id: idColumn(),
    surveyId: belongsTo("survey_id", () => surveys.id),
    userId: belongsTo("user_id", () => users.id),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex("reports_survey_user_unique").on(t.surveyId, t.userId), index("reports_user_idx").on(t.userId)],
);
