import Link from "next/link";

const columns = [
  { title: "Product", links: ["Features", "Integrations", "Pricing", "FAQ"] },
  { title: "Company", links: ["Privacy", "Terms of Service"] },
  { title: "Developers", links: ["Public API", "Documentation", "Guides"] },
  { title: "Social media", links: ["Facebook", "Twitter", "Instagram"] },
];

const targets: Record<string, string> = {
  Pricing: "/pricing",
  FAQ: "/#faq",
  Features: "/#how-it-works",
  Privacy: "/privacy",
  "Terms of Service": "/terms",
  "Public API": "/docs/api",
  Documentation: "/docs/api",
};

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
                <li key={l}>
                  <Link href={targets[l] ?? "#"}>{l}</Link>
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
