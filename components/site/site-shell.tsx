import Link from "next/link";
import { Footer } from "@/components/site/footer";
import { Navbar } from "@/components/site/navbar";

/**
 * `ownMain`: the page draws its own main landmark (the API reference), so the shell's box is no landmark.
 * `compactFooter`: one line instead of the footer's columns, for the root error page: Next puts that page
 * into every page's payload (the root layout's not-found boundary), so its frame must stay small.
 */
export function SiteShell({ children, ownMain = false, compactFooter = false }: { children: React.ReactNode; ownMain?: boolean; compactFooter?: boolean }) {
  const Content = ownMain ? "div" : "main";
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Navbar />
      <Content id="main" className="flex-1">
        {children}
      </Content>
      {compactFooter ? (
        <footer className="border-t border-slate-200 px-4 py-6 text-center text-sm text-slate-600">
          OPINEX · <Link href="/surveys" className="underline">Surveys</Link> · <Link href="/about" className="underline">About</Link> ·{" "}
          <Link href="/contact" className="underline">Contact</Link>
        </footer>
      ) : (
        <Footer />
      )}
    </div>
  );
}
