import "server-only";
import { runtime } from "@/lib/runtime.mjs";
import { publishChange, publishVote } from "./bus";
import { forgetLiveResults } from "./figures";

/** The part of the live service (lib/live/streams.ts) a vote or a change reaches, kept on the process-wide seam. */
export type LiveSeam = { live?: { notify: (id: string) => void; changed: (id: string) => void } };
const seam = () => runtime().services as LiveSeam;

/**
 * A vote was accepted on this server (`vote.created`, lib/events.ts): this server's viewers of the survey get the new
 * figures at once (still at most one read a second), and with Redis every other server's too.
 */
export function liveVoted(id: string) {
  seam().live?.notify(id);
  publishVote(id);
}

/**
 * The survey changed (created, edited, published, unpublished: lib/events.ts): its figures are read
 * afresh now, on this server and, with Redis, on every other (through the votes' channel), so an
 * unpublished survey's streams end and its polled figures stop within a read, on every server.
 */
export function liveChanged(id: string) {
  forgetLiveResults(id);
  seam().live?.changed(id);
  publishChange(id);
}
