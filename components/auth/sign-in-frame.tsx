import Link from "next/link";
import { OrDivider } from "@/components/auth/form-field";
import { GoogleButton } from "@/components/auth/google-button";
import { withCallback } from "@/components/auth/use-callback-url";

const FRAMES = {
  login: { google: "Login with Google", form: "Login", question: "Don't have an account?", href: "/register", link: "Register here" },
  register: { google: "Register with Google", form: "Register", question: "Already have an account?", href: "/login", link: "Login here" },
} as const;

type SignInFrameProps = {
  kind: keyof typeof FRAMES;
  callbackUrl: string;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  children: React.ReactNode;
};

/** Login and register alike: Google first, then the form, then the way to the other form. */
export function SignInFrame({ kind, callbackUrl, onSubmit, children }: SignInFrameProps) {
  const frame = FRAMES[kind];
  return (
    <div className="space-y-6">
      <GoogleButton label={frame.google} intent={kind} callbackUrl={callbackUrl} />
      <OrDivider />
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={frame.form}>
        {children}
      </form>
      <p className="text-center text-sm text-slate-600">
        {frame.question}{" "}
        <Link href={withCallback(frame.href, callbackUrl)} className="font-medium text-brand-700 hover:underline">
          {frame.link}
        </Link>
      </p>
    </div>
  );
}
