"use client";

import { usePathname } from "next/navigation";
import { useShellTexts } from "@/lib/i18n/shell-texts";
import { publicPathname } from "@/lib/public-pathname.mjs";
import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { useCurrentUser } from "@/components/site/use-current-user";

// Sonner's rich colours put their text on pale backgrounds below WCAG AA contrast (about 4.2:1 for
// success); darker text keeps every toast readable (axe: color-contrast).
const readableToastColours = { "--success-text": "#14532d", "--info-text": "#1e3a8a", "--error-text": "#991b1b", "--warning-text": "#78350f" } as React.CSSProperties;

// React.lazy rather than next/dynamic (whose loader is about 2.5 kB gzip on every page), rendered only
// once mounted: the server never renders it, as with next/dynamic's `ssr: false`.
const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

// True in the browser, false while rendering on the server (and while hydrating what it sent).
const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

// The public pages a signed-out visitor only reads: nothing there shows a toast until someone signs in.
const readOnly = (path: string) =>
  path === "/" ||
  path === "/about" ||
  path === "/privacy" ||
  path === "/terms" ||
  path === "/pricing" ||
  path === "/docs/api" ||
  path.startsWith("/surveys") ||
  path.startsWith("/survey/details/");

/**
 * Where toasts appear. Sonner is loaded (as its own chunk, after the page) only where a toast can be
 * shown: for signed-in people anywhere, and on the pages with forms (sign-in, register, contact).
 */
export function ToastHost() {
  // An embed in another site's frame never shows a toast, nor asks who is signed in.
  return publicPathname(usePathname()).startsWith("/embed/") ? null : <SiteToasts />;
}

function SiteToasts() {
  const t = useShellTexts("toasts");
  // The public path even while a cached page renders as its internal route.
  const pathname = publicPathname(usePathname());
  const viewer = useCurrentUser();
  const signedIn = viewer.status === "ready" && viewer.user !== null;
  // Once mounted it stays, so a toast raised while signing out ("You have been signed out") is still shown.
  const [wanted, setWanted] = useState(false);
  const mounted = useSyncExternalStore(noSubscription, inBrowser, onServer);
  if (!wanted && !(readOnly(pathname) && !signedIn)) setWanted(true);
  if (!wanted || !mounted) return null;
  // At the bottom corner: clear of the navigation bar and the page's heading, and beside (not over) a
  // dialog, which sits in the middle. Named apart from the API reference's own toast region
  // (/docs/api), which keeps Sonner's default name (axe: landmark-unique).
  return (
    <Suspense fallback={null}>
      <Toaster
        richColors
        closeButton
        position="bottom-right"
        offset={{ bottom: 24, right: 24 }}
        mobileOffset={{ bottom: 16 }}
        style={readableToastColours}
        containerAriaLabel={t("region")}
        toastOptions={{ closeButtonAriaLabel: t("close") }}
      />
    </Suspense>
  );
}
