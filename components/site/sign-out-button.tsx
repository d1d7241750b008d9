"use client";

import { signOut } from "next-auth/react";
import { Button } from "@/components/ui/button";

export function SignOutButton() {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={async () => {
        // The API token of SPEC.md §4 goes with the session.
        localStorage.removeItem("token");
        await signOut({ redirectTo: "/" });
      }}
    >
      Log Out
    </Button>
  );
}
