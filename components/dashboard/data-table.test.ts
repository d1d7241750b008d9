// A phone's card of a row has a "label: value" line per column, but none for a column with nothing in
// it (a vote without a comment once showed a bare COMMENT line); the table keeps the empty cell.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { inLocale } from "@/tests/intl";
import { DataTable, type Column } from "./data-table";
import { EmailAddress } from "./email-address";

type Row = { id: string; name: string; comment: string | null };
const columns: Column<Row>[] = [
  { header: "Name", cell: (r) => r.name },
  { header: "Comment", cell: (r) => (r.comment ? createElement("span", null, r.comment) : null) },
];

const cellsOf = (markup: string) => [...markup.matchAll(/<td [^>]*data-label="([^"]+)"[^>]*class="([^"]*)"/g)].map((m) => ({ label: m[1], hiddenOnPhones: m[2].split(" ").includes("max-md:hidden") }));

describe("DataTable", () => {
  it("leaves an empty cell out of a phone's card, and keeps it in the table", () => {
    const markup = renderToStaticMarkup(
      inLocale(
        createElement(DataTable<Row>, {
          caption: "Voters",
          columns,
          rows: [
            { id: "a", name: "Ada", comment: "Clear question." },
            { id: "b", name: "Bo", comment: null },
          ],
          rowKey: (r) => r.id,
        }),
      ),
    );
    expect(cellsOf(markup)).toEqual([
      { label: "Serial No", hiddenOnPhones: false },
      { label: "Name", hiddenOnPhones: false },
      { label: "Comment", hiddenOnPhones: false },
      { label: "Serial No", hiddenOnPhones: false },
      { label: "Name", hiddenOnPhones: false },
      { label: "Comment", hiddenOnPhones: true },
    ]);
  });

  it("names its Serial No column in the page's language unless told otherwise", () => {
    const table = (locale: "en" | "es" | "de", serialHeader?: string) =>
      renderToStaticMarkup(inLocale(createElement(DataTable<Row>, { caption: "Voters", columns, rows: [{ id: "a", name: "Ada", comment: null }], rowKey: (r) => r.id, serialHeader }), locale));
    expect(table("en")).toContain(">Serial No</th>");
    expect(table("es")).toContain(">N.º</th>");
    expect(table("de")).toContain(">Nr.</th>");
    expect(table("de", "Serial No.")).toContain(">Serial No.</th>");
  });
});

describe("EmailAddress", () => {
  it("may wrap after the @ and the dots only, and reads as the address", () => {
    const markup = renderToStaticMarkup(createElement(EmailAddress, { email: "surveyor2@demo.test" }));
    expect(markup).toBe('<span class="break-words">surveyor2@<wbr/>demo.<wbr/>test</span>');
    expect(markup).not.toContain("break-all");
    expect(markup.replace(/<[^>]+>/g, "")).toBe("surveyor2@demo.test");
  });
});
