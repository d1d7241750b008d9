import type { Metadata } from "next";
import Link from "next/link";
import { LocationMap, OFFICE } from "@/components/site/location-map";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "About Us",
  description: "OPINEX has run simple, honest yes/no surveys since 2020. Who we are, what we believe and where to find us.",
  path: "/about",
});

export default function AboutPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">About Us</h1>
      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <div className="space-y-4 text-slate-700">
          <p>
            OPINEX was founded in 2020 by a small team who wanted a quicker way to learn what people really think. We
            believe one clear yes/no question, answered once by each person, says more than a long form nobody
            finishes.
          </p>
          <p>
            Surveyors publish questions on technology, education, health, entertainment and more. Everyone can read the
            surveys; people with an account vote, and the results are there for all to see. Members of the Extended
            plan can add a comment to their vote.
          </p>
          <p>
            We keep it honest: one vote per person per survey, no voter names on public pages, and surveys that break
            the rules can be reported and unpublished by our admins.
          </p>
          <h2 className="pt-4 text-xl font-semibold">Where we are</h2>
          <address className="not-italic">
            {OFFICE.name}
            <br />
            {OFFICE.street}
            <br />
            {OFFICE.city}
          </address>
          <p>
            Questions? <Link href="/contact" className="text-brand-700 underline underline-offset-4">Contact us</Link>.
          </p>
        </div>
        <LocationMap />
      </div>
    </div>
  );
}
