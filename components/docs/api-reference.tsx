"use client";

// The interactive reference of /api (Scalar's API reference, a Vue app behind a React wrapper),
// drawn in the browser from GET /api/openapi.json. Its script and styles are bundled by Next, served
// from this site and loaded on /docs/api only. Nothing is fetched from another origin: no web fonts,
// no AI agent, no telemetry, no developer toolbar, no hosted client.
import "@/lib/validation/zod";
import "@scalar/api-reference-react/style.css";
import "./api-reference.css";
import dynamic from "next/dynamic";
import { createContext, useContext, useEffect, useRef } from "react";

// "@/lib/validation/zod" above set zod's jitless mode before Scalar's own zod schemas load: this
// page's script policy has no 'unsafe-eval', and zod's probe for it would be reported as a violation.
const ApiReferenceReact = dynamic(() => import("@scalar/api-reference-react").then((m) => m.ApiReferenceReact), {
  ssr: false,
  loading: () => <Loading />,
});

/** "Loading the reference…" in the page's language, handed down by ApiReference. */
const LoadingText = createContext("");
function Loading() {
  return <p className="px-4 py-8 text-slate-600">{useContext(LoadingText)}</p>;
}

const configuration = {
  url: "/api/openapi.json",
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: "never",
  // Its sidebar link would open Scalar's hosted client, on another site.
  hideClientButton: true,
  hideDarkModeToggle: true,
  forceDarkModeState: "light",
  documentDownloadType: "json",
} as const;

/** Scalar's copy buttons keep their "Copy" label where screen readers miss it (axe: button-name): name them. */
function nameCopyButtons(root: HTMLElement, name: string) {
  for (const button of root.querySelectorAll<HTMLButtonElement>("button.group\\/copy-button:not([aria-label])")) button.setAttribute("aria-label", name);
}

/** The page's own words around Scalar's (which stay its own, in English), in the page's language. */
type ApiReferenceTexts = { loading: string; copy: string };

export function ApiReference({ texts }: { texts: ApiReferenceTexts }) {
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    const root = box.current!;
    const observer = new MutationObserver(() => nameCopyButtons(root, texts.copy));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [texts.copy]);
  // A section with no name is no landmark, yet it keeps the header Scalar draws on phones from being a
  // second banner beside the site's (axe: landmark-no-duplicate-banner); its main and sidebar stay top-level.
  return (
    <section ref={box}>
      <LoadingText value={texts.loading}>
        <ApiReferenceReact configuration={configuration} />
      </LoadingText>
    </section>
  );
}
