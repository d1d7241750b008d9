import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ToastHost } from "@/components/site/toast-host";
import { ShellTextsProvider } from "@/lib/i18n/shell-texts";
import { NoScriptStyle } from "@/components/ui/no-script";
import { isLocale, LOCALES } from "@/lib/i18n/locales.mjs";
import { loadMessages } from "@/lib/i18n/messages";
import { localeFromParams } from "@/lib/i18n/server";
import { OG_LOCALES } from "@/lib/seo";
import { siteUrl } from "@/lib/seo";
import "../globals.css";

type Props = { children: React.ReactNode; params: Promise<{ locale: string }> };

// Every page is under its language's segment (lib/i18n/routing.mjs), so each language of a cached page
// is a cached copy of its own, and <html lang> is right without reading the request.
export function generateStaticParams() {
  return LOCALES.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "common.site" });
  return {
    metadataBase: new URL(siteUrl()),
    title: { default: t("title"), template: "%s | OPINEX" },
    description: t("description"),
    applicationName: "OPINEX",
    openGraph: { siteName: "OPINEX", type: "website", locale: OG_LOCALES[locale] },
    twitter: { card: "summary_large_image" },
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#1d4ed8" };

export default async function RootLayout({ children, params }: Props) {
  if (!isLocale((await params).locale)) notFound();
  const locale = await localeFromParams(params);
  return (
    <html lang={locale}>
      <head>
        <NoScriptStyle />
      </head>
      <body className="min-h-screen">
        {/* The shell's client components (navigation, language switcher, toasts) and the error
            boundaries, which Next renders in place of a page, read the language and the `client` texts
            from here; a page's client components that format messages get an island of their own. */}
        <ShellTextsProvider locale={locale} texts={(await loadMessages(locale)).client}>
          {children}
          <ToastHost />
        </ShellTextsProvider>
      </body>
    </html>
  );
}
