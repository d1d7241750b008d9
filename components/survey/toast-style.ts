import type { CSSProperties } from "react";

// Sonner's rich colours put their text on pale backgrounds below WCAG AA contrast (about 4.2:1 for
// success); darker text keeps these toasts readable (axe: color-contrast).
export const readableToast = {
  style: { "--success-text": "#14532d", "--info-text": "#1e3a8a", "--error-text": "#991b1b" } as CSSProperties,
};
