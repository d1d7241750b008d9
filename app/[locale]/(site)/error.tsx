"use client";

import { ErrorMessage } from "@/components/site/error-message";

/** A page of this group that failed to render: the message inside the site's frame (this group's layout). */
export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return <ErrorMessage reset={reset} />;
}
