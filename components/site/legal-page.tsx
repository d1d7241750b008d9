import { getLocale, getTranslations } from "next-intl/server";
import { formatDate } from "@/lib/dates";
import { Link } from "@/lib/i18n/link";

/** The frame of the Privacy and Terms pages: one reading column, the date they last changed (`updated`, YYYY-MM-DD). */
export async function LegalPage({ title, updated, children }: { title: string; updated: string; children: React.ReactNode }) {
  const [t, locale] = await Promise.all([getTranslations("legal.page"), getLocale()]);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">
        {t.rich("updated", { date: formatDate(updated, locale), time: (chunks) => <time dateTime={updated}>{chunks}</time> })}
      </p>
      <div className="mt-8 space-y-8 text-slate-700">{children}</div>
    </article>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const linkClass = "text-brand-700 underline underline-offset-4";

/**
 * The tags the legal texts use (messages/legal): `<strong>`, `<code>`, and links to the contact page
 * (`<contact>`) and the Privacy Policy (`<privacy>`), in the page's language.
 */
export const legalTags = {
  strong: (chunks: React.ReactNode) => <strong>{chunks}</strong>,
  // A cookie's or a call's name reads the same in every language (and no browser should translate it).
  code: (chunks: React.ReactNode) => <code translate="no">{chunks}</code>,
  contact: (chunks: React.ReactNode) => (
    <Link href="/contact" className={linkClass}>
      {chunks}
    </Link>
  ),
  privacy: (chunks: React.ReactNode) => (
    <Link href="/privacy" className={linkClass}>
      {chunks}
    </Link>
  ),
};
