import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Faq } from "@/components/site/faq";
import { SurveyGrid } from "@/components/survey/survey-grid";
import { cachedFeaturedSurveys, cachedLatestOpenSurveys } from "@/lib/surveys/cache";
import { pageMetadata } from "@/lib/seo";

// `/` (mapped here by the server, see lib/public-rewrites.mjs): a cached page generated
// on its first request (never at build time, when there is no database to read) and refreshed by
// the tags of the data it reads when a vote, an edit or a status change touches them.
export const revalidate = 60; // PAGE_SAFETY_NET_SECONDS (a literal: Next reads it from the source)
export async function generateStaticParams() {
  return [];
}

export const metadata: Metadata = {
  ...pageMetadata({
    title: "OPINEX: yes/no surveys and honest results",
    description:
      "Browse yes/no surveys on technology, education, health and entertainment, vote once per survey, and see the results. Create your own surveys as a surveyor.",
    path: "/",
  }),
  title: { absolute: "OPINEX: yes/no surveys and honest results" },
};

const steps = [
  { icon: "icon-square-pen", title: "Create a Survey", text: "Surveyors write one clear yes/no question, pick a category and set a deadline." },
  { icon: "icon-vote", title: "Take a Survey", text: "Signed-in people vote yes or no, once per survey, until the end of the deadline day." },
  { icon: "icon-chart-column", title: "Analyze Results", text: "Results appear as a chart of yes and no votes; surveyors also see who voted." },
];

export default async function HomePage({ params }: { params: Promise<{ v: string }> }) {
  if ((await params).v !== "index") notFound();
  const featured = await cachedFeaturedSurveys();
  // Still open, newest first, and none of those already shown above.
  const shown = new Set(featured.map((s) => s.id));
  const latest = (await cachedLatestOpenSurveys(6 + featured.length)).filter((s) => !shown.has(s.id)).slice(0, 6);
  return (
    <div>
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 px-4 py-24 text-center text-white">
        <h1 className="quoted mx-auto max-w-3xl text-4xl font-bold md:text-5xl">Empower Your Decisions with Data-Driven Insights</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-50">
          Yes/no surveys on the questions that matter to you. One person, one vote, results everyone can see.
        </p>
        <Link
          href="/surveys"
          className="mt-8 inline-block rounded-md bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50"
        >
          Explore Now
        </Link>
      </section>

      <section aria-labelledby="featured" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="featured" className="text-3xl font-bold">Features Surveys</h2>
        <p className="mt-2 text-slate-600">The open surveys with the most votes.</p>
        <div className="mt-6">
          {featured.length ? <SurveyGrid surveys={featured} label="Features Surveys" /> : <NoSurveysYet />}
        </div>
      </section>

      <section aria-labelledby="latest" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="latest" className="text-3xl font-bold">Latest Surveys</h2>
        <p className="mt-2 text-slate-600">Just published: be among the first to vote.</p>
        <div className="mt-6">
          {latest.length ? <SurveyGrid surveys={latest} label="Latest Surveys" /> : <NoSurveysYet />}
        </div>
      </section>

      <section id="how-it-works" aria-labelledby="how" className="bg-slate-50 px-4 py-16">
        <div className="mx-auto max-w-7xl">
          <h2 id="how" className="text-center text-3xl font-bold">How It Works</h2>
          {/* `.step` (app/globals.css) styles each step and its icon, heading and text. */}
          <ol aria-label="How It Works" className="mt-10 grid gap-6 md:grid-cols-3">
            {steps.map((step, i) => (
              <li key={i} className="step">
                <span className={`icon ${step.icon}`} aria-hidden="true" />
                <h3>
                  <span className="sr-only">{`Step ${i + 1}: `}</span>
                  {step.title}
                </h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="faq" aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-16">
        <h2 id="faq-heading" className="text-center text-3xl font-bold">Frequently Asked Questions</h2>
        <div className="mt-8">
          <Faq />
        </div>
      </section>
    </div>
  );
}

function NoSurveysYet() {
  return <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">No surveys have been published yet.</p>;
}
