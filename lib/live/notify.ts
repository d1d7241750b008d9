import "server-only";
import { runtime } from "@/lib/runtime.mjs";
import { publishVote } from "./bus";

/** The part of the live service (lib/live/streams.ts) a vote reaches, kept on the process-wide seam. */
export type LiveSeam = { live?: { notify: (id: string) => void } };
const seam = () => runtime().services as LiveSeam;

/**
 * A vote was accepted on this server (`vote.created`, lib/events.ts): this server's viewers of the survey get the new
 * figures at once (still at most one read a second), and with Redis every other server's too.
 */
export function liveVoted(id: string) {
  seam().live?.notify(id);
  publishVote(id);
}
