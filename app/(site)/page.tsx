import Link from "next/link";
import { SurveyCard } from "@/components/survey/survey-card";
import { listPublishedSurveys } from "@/lib/services/surveys";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const [featured, latest] = await Promise.all([
    listPublishedSurveys({ sort: "totalVotes", limit: 6 }),
    listPublishedSurveys({ sort: "createdAt", limit: 6 }),
  ]);
  return (
    <div>
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 px-4 py-24 text-center text-white">
        <h1 className="mx-auto max-w-3xl text-4xl font-bold md:text-5xl">
          &ldquo;Empower Your Decisions with Data-Driven Insights&rdquo;
        </h1>
        <Link href="/surveys" className="mt-8 inline-block rounded-md bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50">
          Explore Now
        </Link>
      </section>
      <section aria-labelledby="featured" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="featured" className="text-3xl font-bold">Featured Surveys</h2>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          {featured.map((s) => <SurveyCard key={s.id} survey={s} />)}
        </div>
      </section>
      <section aria-labelledby="latest" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="latest" className="text-3xl font-bold">Latest Surveys</h2>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          {latest.map((s) => <SurveyCard key={s.id} survey={s} />)}
        </div>
      </section>
    </div>
  );
}
