import type { Metadata, Viewport } from "next";
import { Toaster } from "sonner";
import { siteUrl } from "@/lib/seo";
import "./globals.css";

// Sonner's rich colours put their text on pale backgrounds below WCAG AA contrast (about 4.2:1 for
// success); darker text keeps every toast readable (axe: color-contrast).
const readableToastColours = { "--success-text": "#14532d", "--info-text": "#1e3a8a", "--error-text": "#991b1b", "--warning-text": "#78350f" } as React.CSSProperties;

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  title: { default: "OPINEX: yes/no surveys and voting", template: "%s | OPINEX" },
  description:
    "Create yes/no surveys, vote once per person, and see the results as they come in. Public survey pages, honest results.",
  applicationName: "OPINEX",
  openGraph: { siteName: "OPINEX", type: "website", locale: "en_US" },
  twitter: { card: "summary_large_image" },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#1d4ed8" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        {children}
        {/* Below the sticky 64 px navigation bar, never over it. */}
        <Toaster richColors closeButton position="top-center" offset={{ top: 76 }} mobileOffset={{ top: 72 }} style={readableToastColours} />
      </body>
    </html>
  );
}
