import type { ReactNode } from "react";

export function AdminHeading({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-slate-600">{intro}</p>
      {children}
    </header>
  );
}
