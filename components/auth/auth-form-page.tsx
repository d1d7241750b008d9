import "server-only";
import type { Metadata } from "next";
import { connection } from "next/server";
import type { ComponentType } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { redirectIfSignedIn } from "@/components/auth/signed-in-redirect";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A sign-in form's page is never indexed; its heading is its title. */
export const authFormMetadata = (title: string): Metadata => ({ title, robots: { index: false } });

/**
 * The page of one sign-in form in its card, rendered per request so that its scripts carry this
 * answer's nonce. `forSignedOut` (login, register): someone already signed in is sent on instead.
 */
export function authFormPage(title: string, Form: ComponentType, { forSignedOut = false } = {}) {
  return async function Page({ searchParams }: { searchParams: SearchParams }) {
    if (forSignedOut) await redirectIfSignedIn(searchParams);
    else await connection();
    return (
      <AuthCard title={title}>
        <Form />
      </AuthCard>
    );
  };
}
