// /embed/survey/{id} that the rewrite to the cached embed did not take (lib/public-urls.ts): a theme
// other than light or dark goes to the default theme's address (the embed accepts only its
// documented parameters, and junk values get no page of their own); an id that is no id is 404.
import { NextResponse, type NextRequest } from "next/server";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";

export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!surveyIdParamsSchema.safeParse({ id }).success || !request.nextUrl.searchParams.has("theme")) {
    return new NextResponse("Survey not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return NextResponse.redirect(new URL(`/embed/survey/${id}`, request.nextUrl.origin), 308);
}
