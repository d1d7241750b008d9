import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { Faq } from "@/components/site/faq";
import { SurveyGrid } from "@/components/survey/survey-grid";
import { cachedFeaturedSurveys, cachedLatestOpenSurveys } from "@/lib/surveys/cache";
import { pageMetadata } from "@/lib/seo";
import { Link } from "@/lib/i18n/link";
import { localeFromParams, localised } from "@/lib/i18n/server";

// `/` (mapped here by the server, see lib/public-rewrites.mjs): a cached page generated
// on its first request (never at build time, when there is no database to read) and refreshed by
// the tags of the data it reads when a vote, an edit or a status change touches them.
export const revalidate = 60; // PAGE_SAFETY_NET_SECONDS (a literal: Next reads it from the source)
export async function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "home" });
  return { ...pageMetadata({ title: t("meta.title"), description: t("meta.description"), path: "/", locale }), title: { absolute: t("meta.title") } };
}

// Each step's texts are `how.{key}.title` and `how.{key}.text` in messages/home.
const steps = [
  { icon: "icon-square-pen", key: "create" },
  { icon: "icon-vote", key: "take" },
  { icon: "icon-chart-column", key: "analyze" },
] as const;

async function HomePage({ params }: { params: Promise<{ v: string }> }) {
  if ((await params).v !== "index") notFound();
  const t = await getTranslations("home");
  const featured = await cachedFeaturedSurveys();
  // Still open, newest first, and none of those already shown above.
  const shown = new Set(featured.map((s) => s.id));
  const latest = (await cachedLatestOpenSurveys(6 + featured.length)).filter((s) => !shown.has(s.id)).slice(0, 6);
  return (
    <div>
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 px-4 py-24 text-center text-white">
        <h1 className="quoted mx-auto max-w-3xl text-4xl font-bold md:text-5xl">{t("hero.title")}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-50">
          {t("hero.text")}
        </p>
        <Link
          href="/surveys"
          className="mt-8 inline-block rounded-md bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50"
        >
          {t("hero.explore")}
        </Link>
      </section>

      <section aria-labelledby="featured" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="featured" className="text-3xl font-bold">{t("featured.title")}</h2>
        <p className="mt-2 text-slate-600">{t("featured.text")}</p>
        <div className="mt-6">
          {featured.length ? <SurveyGrid surveys={featured} label={t("featured.title")} /> : <NoSurveysYet text={t("empty")} />}
        </div>
      </section>

      <section aria-labelledby="latest" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="latest" className="text-3xl font-bold">{t("latest.title")}</h2>
        <p className="mt-2 text-slate-600">{t("latest.text")}</p>
        <div className="mt-6">
          {latest.length ? <SurveyGrid surveys={latest} label={t("latest.title")} /> : <NoSurveysYet text={t("empty")} />}
        </div>
      </section>

      <section id="how-it-works" aria-labelledby="how" className="bg-slate-50 px-4 py-16">
        <div className="mx-auto max-w-7xl">
          <h2 id="how" className="text-center text-3xl font-bold">{t("how.title")}</h2>
          {/* `.step` (app/globals.css) styles each step and its icon, heading and text. */}
          <ol aria-label={t("how.title")} className="mt-10 grid gap-6 md:grid-cols-3">
            {steps.map((step, i) => (
              <li key={i} className="step">
                <span className={`icon ${step.icon}`} aria-hidden="true" />
                <h3>
                  <span className="sr-only">{t("how.step", { number: i + 1 })}</span>
                  {t(`how.${step.key}.title`)}
                </h3>
                <p>{t(`how.${step.key}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="faq" aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-16">
        <h2 id="faq-heading" className="text-center text-3xl font-bold">{t("faq.title")}</h2>
        <div className="mt-8">
          <Faq />
        </div>
      </section>
    </div>
  );
}

function NoSurveysYet({ text }: { text: string }) {
  return <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">{text}</p>;
}

export default localised(HomePage);
