import Link from "next/link";

// Every link leads to a page of this site: a place the site does not have (integrations, guides, social
// media accounts) gets no link rather than one to "#".
// The API reference is not prefetched: a prefetch preloads a page's stylesheets, and the reference's
// own (the Scalar viewer's, 260 KB) would be fetched by every page showing this footer and then sit
// unused ("preloaded but not used" in the console).
const columns: { title: string; links: { label: string; href: string; prefetch?: false }[] }[] = [
  {
    title: "Product",
    links: [
      { label: "Features", href: "/#how-it-works" },
      { label: "Pricing", href: "/pricing" },
      { label: "FAQ", href: "/#faq" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About", href: "/about" },
      { label: "Contact", href: "/contact" },
      { label: "Privacy", href: "/privacy" },
      { label: "Terms of Service", href: "/terms" },
    ],
  },
  {
    title: "Developers",
    links: [
      { label: "Public API", href: "/docs/api", prefetch: false },
      { label: "Documentation", href: "/docs/api", prefetch: false },
    ],
  },
];

export function Footer() {
  return (
    // `.footer` (app/globals.css) styles its grid, headings, lists, links and last line: every page
    // carries this footer, in its HTML and again in its RSC payload.
    <footer className="footer">
      <div>
        <div className="col-span-2 lg:col-span-1">
          <p className="text-xl font-extrabold tracking-wider text-brand-700">OPINEX</p>
          <p className="mt-1 text-sm text-slate-600 md:mt-2">Yes/no surveys with honest, one-vote-per-person results.</p>
        </div>
        {columns.map((c) => (
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
      <p>
        © {new Date().getFullYear()} OPINEX. All rights reserved.
      </p>
    </footer>
  );
}
