import { Check, X } from "lucide-react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PurchaseArea } from "@/components/payment/purchase-area";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "Pricing",
  description: "One plan, Extended: $16 once to comment on any survey you vote on and keep a list of your comments.",
  path: "/pricing",
});

const included = [
  "Comment on any survey you vote on",
  "See every survey you commented on",
  "A special My Commented Surveys link in your dashboard menu",
];
const notIncluded = ["Unlimited surveys"];

// `/pricing` (mapped here by the server, lib/public-rewrites.mjs): whether payments are configured is read from the
// server's environment on the first request, never frozen at build time, and the page is then served
// from the cache (the environment does not change while a server runs).
export const revalidate = false;
export async function generateStaticParams() {
  return [];
}

export default async function PricingPage({ params }: { params: Promise<{ v: string }> }) {
  if ((await params).v !== "index") notFound();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-center text-3xl font-bold">Pricing</h1>
      <p className="mx-auto mt-3 max-w-xl text-center text-slate-600">
        Voting is free for everyone with an account. Say more than yes or no with the Extended plan.
      </p>
      <section
        aria-labelledby="plan-extended"
        className="mx-auto mt-10 max-w-sm rounded-2xl border border-slate-200 bg-white p-8 shadow-md"
      >
        <h2 id="plan-extended" className="text-2xl font-semibold">Extended</h2>
        <p className="mt-4 flex items-baseline gap-2">
          <span className="text-5xl font-bold">$16</span>
          <span className="text-slate-600">one-off payment</span>
        </p>
        <ul className="mt-6 space-y-3" aria-label="What the Extended plan includes">
          {included.map((line) => (
            <li key={line} className="flex gap-3">
              <Check className="h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
              <span>
                <span className="sr-only">Included: </span>
                {line}
              </span>
            </li>
          ))}
          {notIncluded.map((line) => (
            <li key={line} className="flex gap-3 text-slate-500">
              <X className="h-5 w-5 shrink-0 text-red-700" aria-hidden="true" />
              <span className="line-through">
                <span className="sr-only">Not included: </span>
                {line}
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-8">
          <PurchaseArea />
        </div>
      </section>
    </div>
  );
}
