import Link from "next/link";

const columns = [
  { title: "Product", links: ["Features", "Integrations", "Pricing", "FAQ"] },
  { title: "Company", links: ["Privacy", "Terms of Service"] },
  { title: "Developers", links: ["Public API", "Documentation", "Guides"] },
  { title: "Social media", links: ["Facebook", "Twitter", "Instagram"] },
];

const targets: Record<string, string> = { Pricing: "/pricing", FAQ: "/#faq", Features: "/#how-it-works" };

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <p className="text-xl font-extrabold tracking-wider text-brand-700">OPINEX</p>
          <p className="mt-2 text-sm text-slate-600">Yes/no surveys with honest, one-vote-per-person results.</p>
        </div>
        {columns.map((c) => (
          <nav key={c.title} aria-label={c.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-900">{c.title}</h2>
            <ul className="mt-3 space-y-2">
              {c.links.map((l) => (
                <li key={l}>
                  <Link href={targets[l] ?? "#"} className="text-sm text-slate-600 hover:text-brand-700">
                    {l}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-sm text-slate-600">
        © {new Date().getFullYear()} OPINEX. All rights reserved.
      </p>
    </footer>
  );
}
