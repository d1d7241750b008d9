import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { surveys, users, type Category } from "@/models";

export type SurveySort = "totalVotes" | "createdAt";

const totalVotes = sql<number>`(${surveys.yesCount} + ${surveys.noCount})`;

// What the public may see of a survey: never voters, comments, reports or feedback.
const publicColumns = {
  id: surveys.id,
  title: surveys.title,
  description: surveys.description,
  category: surveys.category,
  deadline: surveys.deadline,
  createdAt: surveys.createdAt,
  questionTitle: surveys.questionTitle,
  questionDescription: surveys.questionDescription,
  status: surveys.status,
  yesCount: surveys.yesCount,
  noCount: surveys.noCount,
};

export type PublicSurvey = {
  id: string;
  title: string;
  description: string;
  category: Category;
  deadline: string;
  createdAt: Date;
  questionTitle: string;
  questionDescription: string;
  status: "publish" | "unpublish";
  yesCount: number;
  noCount: number;
};

export async function listPublishedSurveys(options: {
  sort?: SurveySort;
  category?: Category;
  page?: number;
  limit?: number;
}): Promise<PublicSurvey[]> {
  const { sort = "totalVotes", category, page = 1, limit = 12 } = options;
  const db = await getDb();
  const order = sort === "createdAt" ? [desc(surveys.createdAt), desc(surveys.id)] : [desc(totalVotes), desc(surveys.createdAt), desc(surveys.id)];
  return db
    .select(publicColumns)
    .from(surveys)
    .where(and(eq(surveys.status, "publish"), category ? eq(surveys.category, category) : undefined))
    .orderBy(...order)
    .limit(limit)
    .offset((page - 1) * limit);
}

export async function getPublishedSurvey(id: string): Promise<(PublicSurvey & { surveyorName: string | null }) | null> {
  const db = await getDb();
  const [row] = await db
    .select({ ...publicColumns, surveyorName: users.name })
    .from(surveys)
    .innerJoin(users, eq(users.id, surveys.surveyorId))
    .where(and(eq(surveys.id, id), eq(surveys.status, "publish")));
  return row ?? null;
}
