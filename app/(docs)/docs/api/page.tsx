import type { Metadata } from "next";
import { ApiReference } from "@/components/docs/api-reference";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "API reference",
  description: "Every call of the OPINEX REST API: who may call it, its parameters, bodies and answers, from the OpenAPI 3.1 document.",
  path: "/docs/api",
});

// A cached page like /about; the reference itself is drawn in the browser from /api/openapi.json.
export default function ApiReferencePage() {
  return (
    <>
      <section aria-labelledby="api-reference-title" className="mx-auto max-w-7xl px-4 pt-10">
        <h1 id="api-reference-title" className="text-3xl font-bold">
          API reference
        </h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          Every call under <code>/api</code>: who may call it, its parameters, bodies and answers. Sign in and get a token from{" "}
          <code>POST /api/jwt</code> to call it from a program. The machine-readable OpenAPI 3.1 document is at{" "}
          <a href="/api/openapi.json" className="text-brand-700 underline underline-offset-4">
            /api/openapi.json
          </a>
          .
        </p>
      </section>
      <div className="mt-6">
        <ApiReference />
      </div>
    </>
  );
}
