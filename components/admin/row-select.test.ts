// The admin's row selects show people's words ("Pro user", "Published": admin.roles and admin.statuses
// of messages/admin/) and submit the stored values ("pro_user", "publish").
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ROLES, SURVEY_STATUSES } from "@/models/enums";
import admin from "@/messages/admin/en.json";
import { RowSelect } from "./row-select";

const optionsOf = (markup: string) => [...markup.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
const render = (options: readonly string[], names: Record<string, string>) =>
  renderToStaticMarkup(
    createElement(RowSelect, {
      id: "x",
      label: "Role of someone",
      options,
      names,
      select: { defaultValue: options[0] },
      action: { text: "Save", label: "Save the role of someone", onClick: () => {}, disabled: true },
    }),
  );

describe("RowSelect", () => {
  it("names each role in words and keeps its value", () => {
    expect(optionsOf(render(ROLES, admin.roles))).toEqual([
      ["admin", "Admin"],
      ["user", "User"],
      ["surveyor", "Surveyor"],
      ["pro_user", "Pro user"],
    ]);
  });

  it("names each status in words and keeps its value", () => {
    expect(optionsOf(render(SURVEY_STATUSES, admin.statuses))).toEqual([
      ["publish", "Published"],
      ["unpublish", "Unpublished"],
    ]);
  });

  it("shows its button disabled when told (a row that has not changed)", () => {
    expect(render(ROLES, admin.roles)).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Save the role of someone"/);
  });
});
