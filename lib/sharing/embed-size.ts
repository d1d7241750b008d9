// How tall a survey's embed is, for the frame the snippet and the oEmbed answer give it: a plain
// `<iframe>` with no script, so its height must hold the whole card before the embed can say how high
// it really is (the "opinex:embed-height" message, which only hosts that listen act on).
//
// The card (app/[locale]/c/embed/[id]/[theme]/page.tsx with components/embed/embed-results.tsx) is laid out
// here block by block, with its texts wrapped at the narrowest width the frame is meant for: the
// snippet's frame is 480 px wide and shrinks with the host's column (`max-width:100%`), down to a
// phone's 320 px, and the narrower the frame, the more lines its texts take. At any wider frame the
// card is shorter and the page is transparent below it. The widths of characters are those of a wide
// system font (DejaVu Sans, which Linux browsers use for system-ui), so narrower fonts only leave a
// little room. The texts are the card's own in its language (messages/survey/). Pure: no database, no
// React.
import { isClosed } from "@/lib/dates";
import type { Locale } from "@/lib/i18n/types";
import { publicCountsShown, visibleVoided, type CountsShown } from "@/lib/surveys/results-visibility";
import { hiddenResultsText, noVotesText, openResultsText, readingSentences, resultReading, wholePercent } from "@/lib/surveys/results-text";
import { resultsTranslator, surveyTranslator } from "@/lib/surveys/results-translator";
import { resultStats } from "@/lib/surveys/stats";
import type { ResultsVisibility } from "@/models/enums";

/** The frame's width in the snippet; the host's column may make it narrower. */
export const EMBED_WIDTH = 480;
/** The narrowest frame the height is meant to hold the card in: a phone's column. */
export const EMBED_MIN_WIDTH = 320;

/** What the embed of a survey shows, as far as its height goes. */
export type EmbedContent = {
  questionTitle: string;
  title: string;
  deadline: string;
  /** What the public sees of the counts (`publicCountsShown`). */
  shown: CountsShown;
  yesCount: number;
  noCount: number;
  /** Votes voided after review that the embed names (0 while the counts are hidden). */
  voided: number;
  /** Voting has ended: the card links to the results instead of offering the two answers. */
  closed: boolean;
  /** The card's language (its address's: `/es/embed/survey/{id}`). */
  locale: Locale;
  /**
   * While voting is open: what the card will show once it has closed (results revealed, the closed
   * line), with today's counts. A snippet pasted today must still hold the card then.
   */
  onceClosed?: EmbedContent;
};

/** What the embed of `survey` shows on `today` (a day of the site's time zone) in `locale`, as its page decides it. */
export function embedContentOf(
  survey: Pick<EmbedContent, "questionTitle" | "title" | "deadline" | "yesCount" | "noCount"> & {
    voidedCount: number;
    surveyorId: string;
    resultsVisibility?: ResultsVisibility;
  },
  today: string,
  locale: Locale = "en",
): EmbedContent {
  const closed = isClosed(survey.deadline, today);
  const contentWhen = (closed: boolean): EmbedContent => {
    const shown = publicCountsShown(survey, closed);
    return {
      questionTitle: survey.questionTitle,
      title: survey.title,
      deadline: survey.deadline,
      shown,
      yesCount: survey.yesCount,
      noCount: survey.noCount,
      voided: visibleVoided(survey.voidedCount, shown === "none") ?? 0,
      closed,
      locale,
    };
  };
  return closed ? contentWhen(true) : { ...contentWhen(false), onceClosed: contentWhen(true) };
}

// The card's measures (Tailwind's, in px): border and padding around it, the gap between its blocks.
const CARD_FRAME = 2 * 1 + 2 * 16;
const GAP = 12;
const BUTTON = 44;
const ANSWER_BUTTON = 80;
const FLEX_GAP = 8;
const LINE = { xs: 16, sm: 20, lg: 24.75 } as const;
const SIZE = { xs: 12, sm: 14, lg: 18 } as const;

/** A character's advance in ems in DejaVu Sans (rounded up by class); bold is about a tenth wider. */
function advance(char: string): number {
  if (/[\sil.,:;'!|"Ijt]/.test(char)) return 0.34;
  if (/[fr()\-/[\]]/.test(char)) return 0.44;
  if (/[mwMW@%]/.test(char)) return 1;
  if (/[A-Z]/.test(char)) return 0.76;
  if (/[0-9]/.test(char)) return 0.64;
  if (/[a-z]/.test(char)) return 0.63;
  // Other scripts, accents and symbols: as wide as a wide letter.
  return char.codePointAt(0)! > 0x2e80 ? 1 : 0.7;
}

/** A text's width in px at a font size. */
export function textWidth(text: string, size: number, bold = false): number {
  let ems = 0;
  for (const char of text) ems += advance(char);
  return ems * size * (bold ? 1.1 : 1);
}

/**
 * How many lines a text takes in a box `width` px wide: words go on a line while they fit (a word may
 * also end a line after a hyphen or a slash), and a word longer than the line breaks where it must (the
 * card's texts are `break-words`).
 */
export function lineCount(text: string, width: number, size: number, bold = false): number {
  const space = textWidth(" ", size, bold);
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    word.split(/(?<=[-/])/).forEach((piece, i) => {
      const gap = i === 0 ? space : 0;
      const w = textWidth(piece, size, bold);
      if (used > 0 && used + gap + w <= width) {
        used += gap + w;
        return;
      }
      if (used > 0) lines++;
      const wrapped = Math.max(1, Math.ceil(w / width));
      lines += wrapped - 1;
      // A word broken anywhere fills its lines but the last, which it may share.
      used = w - (wrapped - 1) * width;
    });
  }
  return lines;
}

const sm = (text: string, width: number, bold = false) => lineCount(text, width, SIZE.sm, bold) * LINE.sm;

/** A flex-wrap row of boxes of these widths, each `height` high: the rows it takes, stacked. */
function wrappedRow(items: { width: number; height: number }[], width: number): number {
  const rows: number[] = [];
  let used = -1;
  for (const item of items) {
    if (used >= 0 && used + FLEX_GAP + item.width <= width) {
      used += FLEX_GAP + item.width;
      rows[rows.length - 1] = Math.max(rows[rows.length - 1], item.height);
    } else {
      used = item.width;
      rows.push(item.height);
    }
  }
  return rows.reduce((sum, h) => sum + h, 0) + FLEX_GAP * (rows.length - 1);
}

/** The figures' block (EmbedResults): the hidden note, the running total, or the split with its reading. */
function figuresHeight(content: EmbedContent, inner: number): number {
  const t = resultsTranslator(content.locale);
  if (content.shown === "none") return sm(`${hiddenResultsText(content.deadline, t, content.locale)}.`, inner);
  const total = content.yesCount + content.noCount;
  if (content.shown === "total") {
    // Kept live in the browser: from "No votes yet." to a total of any size while the frame is there,
    // so the longest it can say.
    return sm(`${t("votesSoFar", { count: Math.max(total, 9_999_999) })} ${openResultsText(t)}`, inner);
  }
  const reading = resultReading(resultStats(content.yesCount, content.noCount), t);
  // The sentences stand 8 px below the bar, or at the top when there is none.
  const closedLine = content.closed ? 4 + sm(t("votingClosed"), inner) : 0;
  if (!reading) return 8 + sm(noVotesText(t), inner) + closedLine;
  // The bar, the counts under it in three columns, then the reading's three sentences.
  const column = inner / 3;
  // Each column with the longer of the two answers' words.
  const side = (n: number) =>
    Math.max(...(["yes", "no"] as const).map((answer) => lineCount(t("embedCount", { answer, count: n, share: wholePercent(n / total) }), column, SIZE.xs))) * LINE.xs;
  const counts = Math.max(side(content.yesCount), side(content.noCount));
  const [lead, margin, verdict] = readingSentences(reading);
  return 16 + 4 + counts + 8 + sm(lead, inner, true) + 4 + sm(margin, inner) + 4 + sm(verdict, inner) + closedLine;
}

/** The height in px of the embed's card at a frame `width` px wide. */
export function embedCardHeight(content: EmbedContent, width: number): number {
  const t = surveyTranslator(content.locale);
  const inner = Math.max(1, width - CARD_FRAME);
  const blocks = [
    LINE.xs, // "OPINEX survey"
    lineCount(content.questionTitle, inner, SIZE.lg, true) * LINE.lg,
    sm(content.title, inner),
    figuresHeight(content, inner),
  ];
  if (content.voided > 0) blocks.push(sm(t("voided", { count: content.voided }), inner));
  blocks.push(
    content.closed
      ? BUTTON // "See the results on OPINEX"
      : // "Vote on OPINEX:" beside (or above) its Yes and No.
        wrappedRow(
          [
            { width: textWidth(t("embed.voteOn"), SIZE.sm, true), height: LINE.sm },
            { width: ANSWER_BUTTON, height: BUTTON },
            { width: ANSWER_BUTTON, height: BUTTON },
          ],
          inner,
        ),
  );
  return CARD_FRAME + blocks.reduce((sum, h) => sum + h, 0) + GAP * (blocks.length - 1);
}

/**
 * The frame for the snippet or an oEmbed answer: `maxWidth` wide at most (480 by default), and high
 * enough for the card at every width from its narrowest (320 px, or less when `maxWidth` is less)
 * up, now and once voting has closed (the snippet stays on the host's page), capped at `maxHeight`
 * when the consumer asked for one.
 */
export function embedSize(content: EmbedContent, limits: { maxWidth?: number; maxHeight?: number } = {}): { width: number; height: number } {
  const width = Math.min(EMBED_WIDTH, limits.maxWidth ?? EMBED_WIDTH);
  const narrowest = Math.min(width, EMBED_MIN_WIDTH);
  const tallest = Math.max(...[content, content.onceClosed].filter((c) => c !== undefined).map((c) => embedCardHeight(c, narrowest)));
  // A few pixels for rounding and for fonts that set lines a little differently.
  const height = Math.ceil(tallest) + 8;
  return { width, height: Math.min(height, limits.maxHeight ?? height) };
}
