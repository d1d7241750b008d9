"use client";

import { EmbedGone } from "@/components/embed/embed-gone";
import { EMBED_ERROR_TEXT } from "@/lib/sharing/embed-texts";

// An embed that failed to render (the database away): a sentence in the frame, not the site's error
// page with its navigation.
export default function EmbedError() {
  return <EmbedGone message={EMBED_ERROR_TEXT} testId="embed-error" />;
}
