import { describe, expect, it } from "vitest";
import { deadlineNote, formatDate, formatDateTime, formatShortDate, formatTimeAgo, isClosed } from "./dates";

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
  });

  it("uses the tense that fits: open through the end of the deadline day", () => {
    expect(isClosed("2027-01-21", "2027-01-21")).toBe(false);
    expect(deadlineNote("2027-01-21", "2027-01-21", "UTC")).toBe("Voting closes at the end of Jan 21, 2027 (UTC)");
    expect(isClosed("2026-11-08", "2026-11-09")).toBe(true);
    expect(deadlineNote("2026-11-08", "2026-11-09", "UTC")).toBe("Voting closed on Nov 8, 2026");
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
