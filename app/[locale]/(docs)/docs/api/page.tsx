import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiReference } from "@/components/docs/api-reference";
import { pageMetadata } from "@/lib/seo";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "docs.api" });
  return pageMetadata({ title: t("title"), description: t("description"), path: "/docs/api", locale });
}

// A cached page like /about; the reference itself is drawn in the browser from /api/openapi.json (in
// English, like the API's own texts: only this page's words around it are in the page's language).
async function ApiReferencePage() {
  const t = await getTranslations("docs.api");
  return (
    <>
      <section aria-labelledby="api-reference-title" className="mx-auto max-w-7xl px-4 pt-10">
        <h1 id="api-reference-title" className="text-3xl font-bold">
          {t("title")}
        </h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          {t.rich("intro", {
            // Paths and calls read the same in every language.
            code: (chunks) => <code translate="no">{chunks}</code>,
            link: (chunks) => (
              <a href="/api/openapi.json" className="text-brand-700 underline underline-offset-4" translate="no">
                {chunks}
              </a>
            ),
          })}
        </p>
      </section>
      <div className="mt-6">
        <ApiReference texts={{ loading: t("loading"), copy: t("copy") }} />
      </div>
    </>
  );
}

export default localised(ApiReferencePage);
