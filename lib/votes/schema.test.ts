import { describe, expect, it } from "vitest";
import { COMMENT_MAX, voteBodySchema, voteFormSchema, voteFormSchemaFor } from "./schema";

const messageOf = (input: unknown) => {
  const result = voteFormSchema.safeParse(input);
  return result.success ? null : result.error.issues[0].message;
};

describe("voteFormSchema", () => {
  it("asks for a vote with the spec's message when none is ticked", () => {
    expect(messageOf({})).toBe("This field is required");
    expect(messageOf({ vote: "" })).toBe("This field is required");
    expect(messageOf({ vote: null })).toBe("This field is required");
  });

  it("names the question in the form's message, after the spec's words", () => {
    const form = voteFormSchemaFor("Should the library open on Sundays?");
    const message = (input: unknown) => {
      const result = form.safeParse(input);
      return result.success ? null : result.error.issues[0].message;
    };
    expect(message({})).toBe('This field is required: choose Yes or No to answer "Should the library open on Sundays?".');
    expect(message({ vote: null })).toMatch(/^This field is required: /);
    expect(message({ vote: "maybe" })).toBe("Vote must be yes or no");
    expect(form.parse({ vote: "no", comment: " fine " })).toEqual({ vote: "no", comment: "fine" });
    // The API keeps the spec's message alone.
    expect(voteBodySchema.safeParse({}).error?.issues[0].message).toBe("This field is required");
  });

  it("accepts only yes or no", () => {
    expect(messageOf({ vote: "maybe" })).toBe("Vote must be yes or no");
    expect(messageOf({ vote: "YES" })).toBe("Vote must be yes or no");
    expect(messageOf({ vote: "yes" })).toBeNull();
    expect(messageOf({ vote: "no" })).toBeNull();
  });

  it("bounds and trims the comment", () => {
    expect(messageOf({ vote: "yes", comment: "x".repeat(COMMENT_MAX + 1) })).toMatch(/at most 1000/);
    expect(voteFormSchema.parse({ vote: "yes", comment: `  ${"x".repeat(COMMENT_MAX)}  ` }).comment).toHaveLength(COMMENT_MAX);
  });

  it("lets the route read the original client's identity fields, as strings only", () => {
    expect(voteBodySchema.safeParse({ vote: "yes", userEmail: "a@b.c", userName: null }).success).toBe(true);
    expect(voteBodySchema.safeParse({ vote: "yes", userEmail: { $ne: null } }).success).toBe(false);
  });
});
