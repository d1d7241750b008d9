import { EmbedGone } from "@/components/embed/embed-gone";

// An embed whose survey is unknown or no longer published (the page's notFound(), still a 404): the
// frame says so in a sentence, not with the site's error page.
export default function EmbedNotFound() {
  return <EmbedGone reason="gone" testId="embed-gone" />;
}
