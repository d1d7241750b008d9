import { SiteShell } from "@/components/site/site-shell";
import { Spinner } from "@/components/ui/spinner";

// The root fallback (e.g. entering the dashboard while its layout checks the session) keeps the
// site's header and footer, so the page never goes blank.
export default function Loading() {
  return (
    <SiteShell>
      <Spinner className="min-h-[50vh]" />
    </SiteShell>
  );
}
