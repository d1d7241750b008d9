import { Footer } from "@/components/site/footer";
import { Navbar } from "@/components/site/navbar";

/** `ownMain`: the page draws its own main landmark (the API reference), so the shell's box is no landmark. */
export function SiteShell({ children, ownMain = false }: { children: React.ReactNode; ownMain?: boolean }) {
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
      <Footer />
    </div>
  );
}
