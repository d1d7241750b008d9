// A person with something of everything the site keeps about people: votes (one with a comment),
// a report, a survey of their own, a payment, a contact message, a picture, a Google link, mailed
// tokens, mail, a checkout and a failed sign-in. For the export and deletion tests.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { hashPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { castVote } from "@/lib/votes/votes";
import {
  accounts,
  limitHits,
  avatars,
  checkoutIntents,
  contactMessages,
  emailTokens,
  mailOutbox,
  payments,
  reports,
  users,
  type Role,
} from "@/models";
import { createSurvey, createUser } from "@/tests/factories";

export const PASSWORD = "right-password";
let hash: Promise<string> | undefined;

export async function personWithData(label: string, options: { role?: Role; surveyorId?: string } = {}) {
  const tag = randomBytes(3).toString("hex");
  const email = `${label.toLowerCase()}-${tag}@example.test`;
  const name = `${label} Person ${tag}`;
  const person = await createUser({ email, name, role: options.role ?? "pro_user", passwordHash: await (hash ??= hashPassword(PASSWORD)) });
  const db = await getDb();
  const surveyorId = options.surveyorId ?? (await createUser({ role: "surveyor" })).id;
  const voted = [await createSurvey(surveyorId, { title: `Voted by ${label} ${tag}` }), await createSurvey(surveyorId, { title: `Commented by ${label} ${tag}` })];
  await castVote({ surveyId: voted[0].id, userId: person.id, role: "pro_user", vote: "yes" });
  await castVote({ surveyId: voted[1].id, userId: person.id, role: "pro_user", vote: "no", comment: `Comment of ${label} ${tag}` });
  await db.insert(reports).values({ surveyId: voted[0].id, userId: person.id });
  const own = await createSurvey(person.id, { title: `Made by ${label} ${tag}` });
  await db.insert(payments).values({ paymentIntentId: `pi_${label}_${tag}`, amount: 1600, currency: "usd", userId: person.id, userName: name, userEmail: email });
  await db.insert(contactMessages).values({ name, email, message: `Hello from ${label} ${tag}` });
  const [avatar] = await db.insert(avatars).values({ bytes: Buffer.from("picture"), contentType: "image/webp" }).returning();
  await db.update(users).set({ image: `/api/avatars/${avatar.id}` }).where(eq(users.id, person.id));
  await db.insert(accounts).values({ userId: person.id, type: "oidc", provider: "google", providerAccountId: `g-${tag}`, id_token: `token-${email}` });
  await db.insert(emailTokens).values({ userId: person.id, purpose: "verify_email", secretHash: "x".repeat(64), email, expiresAt: new Date(Date.now() + 3600_000) });
  await db.insert(mailOutbox).values({ kind: "verify_email", userId: person.id, toAddress: email, subject: `Welcome ${name}`, textBody: `Hi ${name}`, htmlBody: `<p>Hi ${name}</p>` });
  await db.insert(checkoutIntents).values({ userId: person.id, paymentIntentId: `pi_open_${tag}` });
  await db.insert(limitHits).values({ key: `email:${email}` });
  return { person: { ...person, image: `/api/avatars/${avatar.id}` }, email, name, tag, voted, own, avatarId: avatar.id };
}
