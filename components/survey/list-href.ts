export type ListState = { sort: "totalVotes" | "createdAt"; category: string };

/** The URL of one view of the survey list; defaults are left out so each view has one URL. */
export function listHref({ sort, category, page }: ListState & { page: number }) {
  const params = new URLSearchParams();
  if (sort !== "totalVotes") params.set("sort", sort);
  if (category) params.set("category", category);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/surveys?${query}` : "/surveys";
}
