import Link from "next/link";

/** The frame of the Privacy and Terms pages: one reading column, the date they last changed. */
export function LegalPage({ title, updated, children }: { title: string; updated: { iso: string; text: string }; children: React.ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">
        Last updated <time dateTime={updated.iso}>{updated.text}</time>
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

export function ContactLink({ children = "contact us" }: { children?: React.ReactNode }) {
  return (
    <Link href="/contact" className="text-brand-700 underline underline-offset-4">
      {children}
    </Link>
  );
}
