import { NotFoundMessage } from "@/components/site/not-found-message";
import { SiteShell } from "@/components/site/site-shell";

// Addresses that lead nowhere: the spec's error page, its one line of text, in the site's frame with
// its navigation. Rendered in the root layout alone, so the frame is drawn here, with its one <main>;
// its footer is the short one: this page travels in every page's payload.
export default function NotFound() {
  return (
    <SiteShell compactFooter>
      <NotFoundMessage />
    </SiteShell>
  );
}
