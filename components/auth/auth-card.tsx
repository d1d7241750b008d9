import { Suspense } from "react";
import { Spinner } from "@/components/ui/spinner";

/** The frame of the login and registration pages. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-center text-2xl font-bold text-slate-900">{title}</h1>
        {/* The forms read ?callbackUrl= in the browser, so the page itself stays static. */}
        <Suspense fallback={<Spinner />}>{children}</Suspense>
      </div>
    </div>
  );
}
