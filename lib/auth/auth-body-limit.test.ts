// Every /api/auth/* request body is size-limited while streaming (413), not only the
// credentials callback's.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/auth/[...nextauth]/route";
import { postStreamToAuth } from "@/tests/session-cookie";

function endless() {
  const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
  const counter = { sent: 0 };
  // 1,280 chunks of 64 KB would be 80 MB: the reader must stop long before.
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.sent++ < 1280) controller.enqueue(chunk);
      else controller.close();
    },
  });
  return { body, counter };
}

describe("Auth.js request bodies", () => {
  for (const path of ["/api/auth/signout", "/api/auth/session", "/api/auth/signin/credentials", "/api/auth/signin/google", "/api/auth/callback/credentials"]) {
    it(`refuses an 80 MB body to ${path} with 413 after reading at most a few chunks`, async () => {
      const { body, counter } = endless();
      const response = await postStreamToAuth(path, body);
      expect(response.status).toBe(413);
      expect(counter.sent).toBeLessThan(5);
    });

    it(`refuses a declared oversized body to ${path} before reading it`, async () => {
      const response = await POST(
        new NextRequest(`http://localhost:3000${path}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(50 * 1024 * 1024) },
          body: "csrfToken=x",
        }),
      );
      expect(response.status).toBe(413);
    });
  }
});
