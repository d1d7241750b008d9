"use client";

import { ErrorMessage } from "@/components/site/error-message";

/**
 * A failure above the site's frame (a group's own layout, the API reference, the payment page): the
 * message in a main of its own. The public pages and the sign-in forms have their boundaries inside
 * their frame, with its navigation ((site)/error.tsx, (auth)/error.tsx), and the dashboards theirs.
 */
export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return (
    <main id="main">
      <ErrorMessage reset={reset} />
    </main>
  );
}
