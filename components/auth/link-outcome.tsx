import { AuthCard } from "@/components/auth/auth-card";
import { Link } from "@/lib/i18n/link";

type Action = { href: string; label: string };

/**
 * What opening a mailed link did: a title, what it means, and where to go next. `ask` is the page
 * before anything happened (a question, with the button that does it): neutral, and no status yet.
 */
export function LinkOutcome({
  title,
  message,
  tone,
  actions = [],
  children,
}: {
  title: string;
  message: string;
  tone: "ask" | "success" | "problem";
  actions?: Action[];
  children?: React.ReactNode;
}) {
  return (
    <AuthCard title={title}>
      <div className="space-y-5 text-center">
        <p role={tone === "problem" ? "alert" : tone === "success" ? "status" : undefined} className={tone === "success" ? "text-green-800" : "text-slate-800"}>
          {message}
        </p>
        {children && <div className="flex justify-center">{children}</div>}
        {actions.length > 0 && (
          <p className="flex flex-wrap justify-center gap-x-4 gap-y-2">
            {actions.map((a) => (
              <Link key={a.href} href={a.href} className="font-medium text-brand-700 underline-offset-4 hover:underline">
                {a.label}
              </Link>
            ))}
          </p>
        )}
      </div>
    </AuthCard>
  );
}
