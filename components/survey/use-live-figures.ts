"use client";

import { useEffect, useState, type Dispatch, type SetStateAction } from "react";
import type { VisibleCounts } from "@/lib/surveys/results-visibility";

/**
 * The moving figures of a survey, as GET /api/survey/{id}/live and /results give them: its counts
 * with their stats (computed by the server, all null while the survey keeps its results until its
 * deadline) and whether voting has ended.
 */
export type LiveFigures = VisibleCounts & { deadlinePassed: boolean };

/** The figures of an answer that carries them (the live results, the voting state, a vote). */
export const figuresOf = (answer: LiveFigures): LiveFigures =>
  answer.resultsHidden
    ? { yesCount: null, noCount: null, stats: null, resultsHidden: true, deadlinePassed: answer.deadlinePassed }
    : { yesCount: answer.yesCount, noCount: answer.noCount, stats: answer.stats, resultsHidden: false, deadlinePassed: answer.deadlinePassed };

/** Polling, when there is no stream: every few seconds while the page is shown. */
const POLL_MS = 5000;
/** After a stream was refused or kept failing, poll this long before trying a stream again. */
const STREAM_AGAIN_MS = 60_000;
/** A page hidden this long gives its stream up (a browser keeps few connections per site open). */
const HIDDEN_CLOSE_MS = 15_000;

/**
 * A survey's figures, kept up to date while `live`: pushed by the server (an EventSource on
 * GET /api/survey/{id}/live, each change within about a second), or, when the stream is refused or
 * keeps failing, or the browser has no EventSource, polled from GET /api/survey/{id}/results (and the
 * stream tried again a minute later). A page hidden for a while closes its stream and reopens it when
 * shown again (the first event brings the current figures); polling pauses while hidden. Once the
 * survey is closed nothing can change, and nothing more is asked.
 */
export function useLiveFigures(surveyId: string, initial: LiveFigures, live = true): [LiveFigures, Dispatch<SetStateAction<LiveFigures>>] {
  const [figures, setFigures] = useState(initial);

  useEffect(() => {
    if (!live) return;
    let source: EventSource | null = null;
    let pollTimer: number | undefined;
    let againTimer: number | undefined;
    let hiddenTimer: number | undefined;
    let finished = false;

    const finish = () => {
      finished = true;
      closeStream();
      stopPolling();
      window.clearTimeout(againTimer);
      window.clearTimeout(hiddenTimer);
    };
    const apply = (next: LiveFigures) => {
      setFigures(figuresOf(next));
      if (next.deadlinePassed) finish();
    };

    const poll = () => {
      if (document.hidden || finished) return;
      fetch(`/api/survey/${surveyId}/results`)
        .then((r) => (r.ok ? (r.json() as Promise<LiveFigures>) : null))
        .then((next) => next && !finished && apply(next))
        .catch(() => {});
    };
    const startPolling = () => {
      if (pollTimer === undefined) pollTimer = window.setInterval(poll, POLL_MS);
    };
    const stopPolling = () => {
      window.clearInterval(pollTimer);
      pollTimer = undefined;
    };

    const closeStream = () => {
      source?.close();
      source = null;
    };
    const fallBack = () => {
      closeStream();
      startPolling();
      window.clearTimeout(againTimer);
      againTimer = window.setTimeout(() => {
        againTimer = undefined;
        openStream();
      }, STREAM_AGAIN_MS);
    };
    const openStream = () => {
      if (finished || source || document.hidden) return;
      if (typeof EventSource === "undefined") return startPolling();
      const stream = new EventSource(`/api/survey/${surveyId}/live`);
      source = stream;
      // The browser reconnects a dropped stream by itself (a restarting server says when); one
      // that is refused (429/503/404) it gives up, and one that keeps dropping is not worth it.
      let failures = 0;
      stream.onopen = () => {
        failures = 0;
        stopPolling();
        window.clearTimeout(againTimer);
        againTimer = undefined;
      };
      stream.onmessage = (event) => {
        failures = 0;
        try {
          apply(JSON.parse(event.data) as LiveFigures);
        } catch {
          // not figures: ignored
        }
      };
      // The survey was unpublished: polling finds it gone too, and stops changing anything.
      stream.addEventListener("gone", fallBack);
      stream.onerror = () => {
        if (source !== stream) return;
        if (stream.readyState === EventSource.CLOSED || ++failures >= 3) fallBack();
      };
    };

    const onVisibility = () => {
      window.clearTimeout(hiddenTimer);
      if (document.hidden) {
        hiddenTimer = window.setTimeout(closeStream, HIDDEN_CLOSE_MS);
      } else if (pollTimer !== undefined) {
        // Catch up at once.
        poll();
      } else {
        openStream();
      }
    };

    openStream();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      finish();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [surveyId, live]);

  return [figures, setFigures];
}
