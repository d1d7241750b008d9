import type { Metadata, Viewport } from "next";
import { ToastHost } from "@/components/site/toast-host";
import { NoScriptStyle } from "@/components/ui/no-script";
import { siteUrl } from "@/lib/seo";
import "./globals.css";

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
      <head>
        <NoScriptStyle />
      </head>
      <body className="min-h-screen">
        {children}
        <ToastHost />
      </body>
    </html>
  );
}
