import type { ReactNode } from "react";

/** A dashboard page's heading and the sentence that says what the page is for. */
export function PageHeading({ title, intro, children }: { title: string; intro: ReactNode; children?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-slate-600">{intro}</p>
      {children}
    </header>
  );
}
