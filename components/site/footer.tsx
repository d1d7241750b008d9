import { getTranslations } from "next-intl/server";
import { LanguageSwitcher } from "@/components/site/language-switcher";
import { Link } from "@/lib/i18n/link";

type Column = { title: string; links: { label: string; href: string; prefetch?: false }[] };

// Every link leads to a page of this site: a place the site does not have (integrations, guides, social
// media accounts) gets no link rather than one to "#".
// The API reference is not prefetched: a prefetch preloads a page's stylesheets, and the reference's
// own (the Scalar viewer's, 260 KB) would be fetched by every page showing this footer and then sit
// unused ("preloaded but not used" in the console).
function columnsOf(t: Awaited<ReturnType<typeof getTranslations<"common.footer">>>): Column[] {
  return [
    {
      title: t("product.title"),
      links: [
        { label: t("product.features"), href: "/#how-it-works" },
        { label: t("product.pricing"), href: "/pricing" },
        { label: t("product.faq"), href: "/#faq" },
      ],
    },
    {
      title: t("company.title"),
      links: [
        { label: t("company.about"), href: "/about" },
        { label: t("company.contact"), href: "/contact" },
        { label: t("company.privacy"), href: "/privacy" },
        { label: t("company.terms"), href: "/terms" },
      ],
    },
    {
      title: t("developers.title"),
      links: [
        { label: t("developers.publicApi"), href: "/docs/api", prefetch: false },
        { label: t("developers.documentation"), href: "/docs/api", prefetch: false },
      ],
    },
  ];
}

export async function Footer() {
  const t = await getTranslations("common.footer");
  return (
    // `.footer` (app/globals.css) styles its grid, headings, lists, links and last line: every page
    // carries this footer, in its HTML and again in its RSC payload.
    <footer className="footer">
      <div>
        <div className="col-span-2 lg:col-span-1">
          <p className="text-xl font-extrabold tracking-wider text-brand-700">OPINEX</p>
          <p className="mt-1 text-sm text-slate-600 md:mt-2">{t("tagline")}</p>
        </div>
        {columnsOf(t).map((c) => (
          <nav key={c.title} aria-label={c.title}>
            <h2>{c.title}</h2>
            <ul>
              {c.links.map((l) => (
                <li key={l.label}>
                  <Link href={l.href} prefetch={l.prefetch}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      {/* A client component: its texts come from the root layout's island (app/[locale]/layout.tsx). */}
      <LanguageSwitcher />
      <p>{t("copyright", { year: String(new Date().getFullYear()) })}</p>
    </footer>
  );
}
