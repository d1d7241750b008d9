import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/**
 * One section of the account page: a card with a stable `id` (a link can point at it, and another
 * section can be put between two) and its heading.
 */
export function AccountSection({
  id,
  title,
  description,
  tone = "default",
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  tone?: "default" | "danger";
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={cn("scroll-mt-24 rounded-xl border bg-white p-4 shadow-sm sm:p-6", tone === "danger" ? "border-red-200" : "border-slate-200")}
    >
      <h2 id={`${id}-heading`} className={cn("text-lg font-semibold", tone === "danger" ? "text-red-800" : "text-slate-900")}>
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
