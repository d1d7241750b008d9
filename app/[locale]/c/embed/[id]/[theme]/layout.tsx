import { IntlIsland } from "@/components/i18n/intl-island";
import { localised } from "@/lib/i18n/server";

// The embed's texts in the browser: its live result in words (components/embed/embed-results.tsx) and
// the sentence of its not-found and error files, which this layout encloses with the page.
function EmbedLayout({ children }: { children: React.ReactNode }) {
  return <IntlIsland namespaces={["survey"]}>{children}</IntlIsland>;
}

export default localised(EmbedLayout);
