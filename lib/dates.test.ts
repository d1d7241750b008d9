import { describe, expect, it } from "vitest";
import {
  addDays,
  dayIn,
  deadlineNote,
  formatDate,
  formatDateTime,
  formatDateTimeWithZone,
  formatShortDate,
  formatTimeAgo,
  isClosed,
  isRealDay,
} from "./dates";

describe("dates", () => {
  it("writes a calendar date as that day, whatever the machine's zone", () => {
    expect(formatDate("2027-01-21")).toBe("Jan 21, 2027");
    expect(formatDate("2026-12-31")).toBe("Dec 31, 2026");
  });

  it("leaves the year out only within the current year", () => {
    expect(formatShortDate("2027-01-21", "2027-01-02")).toBe("Jan 21");
    expect(formatShortDate("2028-01-21", "2027-12-02")).toBe("Jan 21, 2028");
  });

  it("writes an instant in the app's time zone", () => {
    const at = new Date("2026-11-08T23:30:00Z");
    expect(formatDateTime(at, "UTC")).toBe("Nov 8, 2026, 11:30 PM");
    expect(formatDateTime(at, "Asia/Dhaka")).toBe("Nov 9, 2026, 5:30 AM");
    expect(formatDateTimeWithZone(at, "Asia/Dhaka")).toBe("Nov 9, 2026, 5:30 AM Asia/Dhaka");
  });

  it("tells the day of an instant in a time zone, not the machine's", () => {
    const at = new Date("2026-11-08T23:30:00Z");
    expect(dayIn("UTC", at)).toBe("2026-11-08");
    expect(dayIn("Asia/Dhaka", at)).toBe("2026-11-09");
    expect(dayIn("America/Los_Angeles", new Date("2027-01-01T07:59:59Z"))).toBe("2026-12-31");
    expect(dayIn("America/Los_Angeles", new Date("2027-01-01T08:00:00Z"))).toBe("2027-01-01");
  });

  it("knows the calendar: real days, and days counted across months and years", () => {
    expect(isRealDay("2028-02-29")).toBe(true);
    expect(isRealDay("2027-02-29")).toBe(false);
    expect(isRealDay("2027-13-01")).toBe(false);
    expect(isRealDay("soon")).toBe(false);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
  });

  it("closes a survey when its deadline day ends in the app's time zone, not at the machine's midnight", () => {
    // 23:30 UTC on the deadline day: still open in UTC, already the next day (closed) in Dhaka.
    const at = new Date("2026-11-08T23:30:00Z");
    expect(isClosed("2026-11-08", dayIn("UTC", at))).toBe(false);
    expect(isClosed("2026-11-08", dayIn("Asia/Dhaka", at))).toBe(true);
    // Los Angeles' deadline day ends eight hours after UTC's.
    expect(isClosed("2026-11-08", dayIn("America/Los_Angeles", new Date("2026-11-09T07:59:00Z")))).toBe(false);
    expect(isClosed("2026-11-08", dayIn("America/Los_Angeles", new Date("2026-11-09T08:00:00Z")))).toBe(true);
  });

  it("uses the tense that fits: open through the end of the deadline day", () => {
    expect(isClosed("2027-01-21", "2027-01-21")).toBe(false);
    // The note's words are messages (components/survey/deadline-note.test.ts); its facts are these.
    expect(deadlineNote("2027-01-21", "2027-01-21")).toEqual({ closed: false, date: "Jan 21, 2027" });
    expect(isClosed("2026-11-08", "2026-11-09")).toBe(true);
    expect(deadlineNote("2026-11-08", "2026-11-09")).toEqual({ closed: true, date: "Nov 8, 2026" });
    expect(deadlineNote("2026-11-08", "2026-11-09", "de").date).toBe(formatDate("2026-11-08", "de"));
  });

  it("says roughly how long ago, then the date after a month", () => {
    const now = new Date("2027-03-10T12:00:00Z");
    const ago = (seconds: number) => formatTimeAgo(new Date(now.getTime() - seconds * 1000), now, "UTC");
    expect(ago(-30)).toBe("just now");
    expect(ago(59)).toBe("just now");
    expect(ago(60)).toBe("1 minute ago");
    expect(ago(5 * 60 + 30)).toBe("5 minutes ago");
    expect(ago(3600)).toBe("1 hour ago");
    expect(ago(23 * 3600)).toBe("23 hours ago");
    expect(ago(2 * 86_400)).toBe("2 days ago");
    expect(ago(40 * 86_400)).toBe("Jan 29, 2027");
  });
});
