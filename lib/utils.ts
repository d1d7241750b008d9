import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** A calendar date (YYYY-MM-DD) as text, without shifting it by any time zone. */
export function formatDay(day: string, style: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric" }) {
  return new Intl.DateTimeFormat("en-US", { ...style, timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
