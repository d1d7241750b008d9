// The contact form is throttled by client address too, not only by the email the
// sender types (changing the email each time no longer floods the admins' inbox).
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { limitMax } from "@/lib/limits/apply";
import { contactMessages } from "@/models";
import { withAltcha } from "@/tests/altcha-call";
import { call } from "@/tests/http";
import { POST } from "./route";

const CONTACT_MAX_PER_HOUR = limitMax("contact.client");

const send = async (email: string, address: string) =>
  call(POST, await withAltcha({ method: "POST", body: { name: "Flooder", email, message: "Buy my things, a long message." }, headers: { "x-forwarded-for": address } }));

describe("contact form throttle per address", () => {
  it(`one address: ${CONTACT_MAX_PER_HOUR} messages an hour whatever email it types, also when sent at once`, async () => {
    const burst = await Promise.all(Array.from({ length: CONTACT_MAX_PER_HOUR + 5 }, (_, i) => send(`flood-${i}@example.test`, "10.80.0.1")));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(CONTACT_MAX_PER_HOUR);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(5);
    expect((await send("yet-another@example.test", "10.80.0.1")).status).toBe(429);
    // Another address is not affected.
    expect((await send("neighbour@example.test", "10.80.0.2")).status).toBe(200);
    const db = await getDb();
    expect((await db.select({ n: count() }).from(contactMessages))[0].n).toBe(CONTACT_MAX_PER_HOUR + 1);
  });
});
