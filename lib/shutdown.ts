// What the server closes after the last request in flight has finished (server/drain.mjs runs them
// on SIGTERM/SIGINT), kept in the process-wide runtime shared with the server (lib/runtime.mjs).
export { onShutdown } from "./runtime.mjs";
