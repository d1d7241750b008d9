import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

type FigureProps = { label: string; value: ReactNode; note?: ReactNode; testId?: string; dense?: boolean };

/** One figure of a `<dl>` of figures: its label, its value, and a note under it; `dense` where many stand together. */
export function Figure({ label, value, note, testId, dense = false }: FigureProps) {
  return (
    <div className={cn("rounded-lg border border-slate-200 bg-white", dense ? "p-3" : "p-4")}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold" data-testid={testId}>
        {value}
      </dd>
      {note && <dd className="mt-0.5 text-sm text-slate-600">{note}</dd>}
    </div>
  );
}
