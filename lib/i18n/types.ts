import type { LOCALES } from "./locales.mjs";

export type Locale = (typeof LOCALES)[number];
