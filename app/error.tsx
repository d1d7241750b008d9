"use client";

// The error boundary ships with every page, so it uses the default Button's classes on a plain
// button rather than the Button component (class-variance-authority, tailwind-merge, Radix Slot).
const buttonClass =
  "inline-flex h-10 items-center justify-center gap-2 whitespace-nowrap rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-slate-600">Please try again. If it keeps happening, contact us.</p>
      <button type="button" className={buttonClass} onClick={reset}>
        Try again
      </button>
    </main>
  );
}
