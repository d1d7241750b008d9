import { Link } from "@/lib/i18n/link";

/** What a sign-in side form says once it is sent (a reset asked for, a password changed), with the way on. */
export function FormDone({ message, tone, href, label }: { message: string; tone: "neutral" | "success"; href: string; label: string }) {
  return (
    <div className="space-y-5 text-center">
      <p role="status" className={tone === "success" ? "text-green-800" : "text-slate-800"}>
        {message}
      </p>
      <Link href={href} className="font-medium text-brand-700 underline-offset-4 hover:underline">
        {label}
      </Link>
    </div>
  );
}
