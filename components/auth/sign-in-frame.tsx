import { useTranslations } from "next-intl";
import { OrDivider } from "@/components/auth/form-field";
import { GoogleButton } from "@/components/auth/google-button";
import { withCallback } from "@/components/auth/use-callback-url";
import { Link } from "@/lib/i18n/link";

/** Each form's way to the other one. */
const OTHER = { login: "/register", register: "/login" } as const;

type SignInFrameProps = {
  kind: keyof typeof OTHER;
  callbackUrl: string;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  children: React.ReactNode;
};

/** Login and register alike: Google first, then the form, then the way to the other form. */
export function SignInFrame({ kind, callbackUrl, onSubmit, children }: SignInFrameProps) {
  const t = useTranslations("auth.frame");
  return (
    <div className="space-y-6">
      <GoogleButton label={t(`${kind}.google`)} intent={kind} callbackUrl={callbackUrl} />
      <OrDivider />
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t(`${kind}.form`)}>
        {children}
      </form>
      <p className="text-center text-sm text-slate-600">
        {t(`${kind}.question`)}{" "}
        <Link href={withCallback(OTHER[kind], callbackUrl)} className="font-medium text-brand-700 hover:underline">
          {t(`${kind}.link`)}
        </Link>
      </p>
    </div>
  );
}
