import { z } from "./zod";

// Free text people type (names, survey texts, comments, messages, feedback) is shown to others: it
// must not carry terminal escapes (ESC, BEL), C1 controls, or the Unicode bidirectional embeddings,
// overrides and isolates (U+202A–U+202E, U+2066–U+2069) that make "txt.exe" read as "exe.txt". They are
// refused with a clear message (not silently stripped: the person sees what was wrong). Multi-line
// fields keep line breaks and tabs.
const C0_C1 = "\\u0000-\\u001f\\u007f-\\u009f";
const BIDI = "\\u202a-\\u202e\\u2066-\\u2069";
const FORBIDDEN_SINGLE = new RegExp(`[${C0_C1}${BIDI}]`, "u");
const FORBIDDEN_MULTI = new RegExp(`[${C0_C1.replace("\\u0000-\\u001f", "\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f")}${BIDI}]`, "u");

/** Whether `value` holds a character free text may not (`multiLine`: tab, LF and CR are allowed). */
export function hasForbiddenCharacters(value: string, multiLine = false): boolean {
  return (multiLine ? FORBIDDEN_MULTI : FORBIDDEN_SINGLE).test(value);
}

export const forbiddenCharactersMessage = (label: string) => `${label} cannot contain control characters or text-direction overrides`;

/** Adds the check to a string schema: `noControlCharacters(z.string().trim().max(80), "Name")`. */
export function noControlCharacters<T extends z.ZodString>(schema: T, label: string, options: { multiLine?: boolean } = {}): T {
  return schema.refine((v) => !hasForbiddenCharacters(v, options.multiLine), forbiddenCharactersMessage(label)) as T;
}

/**
 * Free text that must be given: trimmed, at least one character, at most `max`, without control
 * characters. `messages` say what was wrong: not text at all, left empty, too long.
 */
export function requiredText(label: string, max: number, messages: { notText: string; empty: string; tooLong: string }, options: { multiLine?: boolean } = {}) {
  return noControlCharacters(z.string({ error: messages.notText }).trim().min(1, messages.empty).max(max, messages.tooLong), label, options);
}
