import { describe, expect, it } from "vitest";
import { accountExportStream } from "@/lib/accounts/account-export";
import { getDb } from "@/lib/db";
import { passkeys } from "@/models";
import { castVote } from "@/lib/votes/votes";
import { personWithData } from "@/tests/account-data";
import { call } from "@/tests/http";
import { signInWithPassword } from "@/tests/session-cookie";
import { GET } from "./route";

type Export = {
  exportedAt: string;
  account: Record<string, unknown>;
  votes: { surveyId: string; surveyTitle: string; vote: string; comment: string | null; votedAt: string }[];
  comments: { surveyId: string; comment: string }[];
  reports: { surveyId: string; surveyTitle: string }[];
  surveys: { id: string; title: string; yesCount: number; noCount: number }[];
  payments: { paymentIntentId: string; amount: number }[];
  sessions: { browser: string; os: string; createdAt: string }[];
  passkeys: { name: string; credentialId: string; createdAt: string; lastUsedAt: string | null; deviceType: string; backedUp: boolean }[];
};

describe("GET /api/me/export", () => {
  it("is a JSON file of the person's own data, and nothing of anyone else", async () => {
    const mine = await personWithData("Exporter");
    // Another person votes and comments on the exporter's own survey and on the same surveys.
    const other = await personWithData("Stranger");
    await castVote({ surveyId: mine.own.id, userId: other.person.id, role: "pro_user", vote: "no", comment: `Secret of ${other.tag}` });
    await castVote({ surveyId: mine.voted[0].id, userId: other.person.id, role: "pro_user", vote: "no" });
    const cookie = await signInWithPassword(mine.email, "right-password", { userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0" });
    const db = await getDb();
    const passkey = (owner: string, n: string) => ({ userId: owner, credentialId: `cred-${n}-${mine.tag}`, publicKey: `public-key-${n}-${mine.tag}`, deviceType: "multiDevice", backedUp: true, name: `Laptop ${n}` });
    await db.insert(passkeys).values([passkey(mine.person.id, "mine"), passkey(other.person.id, "theirs")]);

    const res = await call(GET, { headers: { cookie: cookie! } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="opinex-data-${new Date().toISOString().slice(0, 10)}.json"`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const data = res.json as unknown as Export;

    expect(data.account).toMatchObject({ id: mine.person.id, name: mine.name, email: mine.email, role: "pro_user", hasPassword: true, signInProviders: ["google"] });
    expect(data.account).not.toHaveProperty("passwordHash");
    expect(data.votes.map((v) => [v.surveyId, v.surveyTitle, v.vote, v.comment])).toEqual([
      [mine.voted[0].id, mine.voted[0].title, "yes", null],
      [mine.voted[1].id, mine.voted[1].title, "no", `Comment of Exporter ${mine.tag}`],
    ]);
    expect(data.comments).toMatchObject([{ surveyId: mine.voted[1].id, comment: `Comment of Exporter ${mine.tag}` }]);
    expect(data.reports).toMatchObject([{ surveyId: mine.voted[0].id, surveyTitle: mine.voted[0].title }]);
    // The survey with its totals (the other person's vote counted), not who voted.
    expect(data.surveys).toMatchObject([{ id: mine.own.id, title: mine.own.title, yesCount: 0, noCount: 1 }]);
    expect(data.payments).toMatchObject([{ paymentIntentId: `pi_Exporter_${mine.tag}`, amount: 1600 }]);
    expect(data.sessions).toMatchObject([{ browser: "Firefox 128", os: "Linux" }]);
    // The passkey as the account page shows it, with its credential id; not its public key.
    expect(data.passkeys).toEqual([{ name: "Laptop mine", credentialId: `cred-mine-${mine.tag}`, createdAt: expect.any(String), lastUsedAt: null, deviceType: "multiDevice", backedUp: true }]);

    const text = JSON.stringify(data);
    for (const foreign of [other.person.id, other.email, other.name, other.tag, `Secret of ${other.tag}`]) expect(text).not.toContain(foreign);
    for (const secret of ["passwordHash", "password_hash", "argon2", "sessionVersion", "token-", "public-key-", "publicKey", "cred-theirs"]) expect(text).not.toContain(secret);
  });

  it("streams page by page: a page size of one gives the same document", async () => {
    const mine = await personWithData("Pager");
    const read = async (pageSize: number) => {
      const parsed = JSON.parse(await new Response(await accountExportStream(mine.person.id, pageSize)).text());
      delete parsed.exportedAt;
      return parsed;
    };
    const whole = await read(500);
    expect(whole.votes).toHaveLength(2);
    expect(await read(1)).toEqual(whole);
  });

  it("works with an API token; answers 401 JSON to a caller without one", async () => {
    const mine = await personWithData("Tokened");
    const res = await call(GET, { as: mine.person });
    expect(res.status).toBe(200);
    expect((res.json as unknown as Export).account.email).toBe(mine.email);
    const anon = await call(GET);
    expect(anon.status).toBe(401);
    expect(anon.json.error?.code).toBe("unauthorized");
  });
});
