import "server-only";

export { getEnv, type Env } from "./env.mjs";
