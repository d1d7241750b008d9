"use client";

import { EmbedGone } from "@/components/embed/embed-gone";

// An embed that failed to render (the database away): a sentence in the frame, not the site's error
// page with its navigation.
export default function EmbedError() {
  return <EmbedGone reason="failed" testId="embed-error" />;
}
