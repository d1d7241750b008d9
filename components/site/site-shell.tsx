import { useTranslations } from "next-intl";
import { Footer } from "@/components/site/footer";
import { Navbar } from "@/components/site/navbar";
import { Link } from "@/lib/i18n/link";

/**
 * `ownMain`: the page draws its own main landmark (the API reference), so the shell's box is no landmark.
 * `compactFooter`: one line instead of the footer's columns, for the error pages: Next puts the root
 * not-found page into every page's payload (the root layout's not-found boundary), so its frame must
 * stay small; and the error boundary (app/[locale]/error.tsx) is a client component, which can draw
 * this line (its words are the navigation's, in `client`) but not the footer (a server component).
 * The texts are read with `useTranslations`, which works on both sides: in a server component from
 * the page's messages, in the error boundary from the root layout's island.
 */
export function SiteShell({ children, ownMain = false, compactFooter = false }: { children: React.ReactNode; ownMain?: boolean; compactFooter?: boolean }) {
  const t = useTranslations("client.nav");
  const Content = ownMain ? "div" : "main";
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="skip-link">
        {t("skipToContent")}
      </a>
      <Navbar />
      <Content id="main" className="flex-1">
        {children}
      </Content>
      {compactFooter ? (
        <footer className="border-t border-slate-200 px-4 py-6 text-center text-sm text-slate-600">
          OPINEX · <Link href="/surveys" className="underline">{t("surveys")}</Link> · <Link href="/about" className="underline">{t("about")}</Link> ·{" "}
          <Link href="/contact" className="underline">{t("contact")}</Link>
        </footer>
      ) : (
        <Footer />
      )}
    </div>
  );
}
