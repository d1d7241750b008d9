// The API token of POST /api/jwt (lib/auth/api-token.ts), minted here for people the benchmarks
// insert, so thousands can vote without as many sign-ins.
import { createHmac } from "node:crypto";

export function apiToken(secret, userId) {
  const b64 = (v) => Buffer.from(v).toString("base64url");
  const iat = Math.floor(Date.now() / 1000);
  const data = `${b64(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${b64(JSON.stringify({ sub: userId, iss: "opinex-api", iat, exp: iat + 3600 }))}`;
  const key = createHmac("sha256", secret).update("opinex api token v1").digest();
  return `${data}.${createHmac("sha256", key).update(data).digest("base64url")}`;
}
