import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { monthlyFigures } from "../monthly-figures.ts";
import { monthsEndingWith } from "../months.ts";
import { MonthlyFiguresSection } from "./monthly-figures.tsx";

// "Revenue and seats sold by month" as the server renders it: the table is there before any
// script runs, the chart's slot is empty and hidden from screen readers.

function render(hasLedgerEntries: boolean) {
  const rows = monthlyFigures(
    monthsEndingWith("2026-03", 12),
    hasLedgerEntries ? [{ month: "2026-03", bookingKind: "seminar", entryType: "payment", cents: 120000, entries: 1 }] : [],
    hasLedgerEntries ? [{ month: "2026-03", seats: 1 }] : [],
  );
  const Stub = createRoutesStub([{ path: "/", Component: () => <MonthlyFiguresSection rows={rows} hasLedgerEntries={hasLedgerEntries} statementMonth="2026-03" /> }]);
  // React marks the seams between text and values with empty comments; read it as text.
  return renderToString(<Stub />).replaceAll("<!-- -->", "");
}

describe("MonthlyFiguresSection", () => {
  it("renders the figures as a table with a caption, newest month first, and an empty, hidden chart slot", () => {
    const html = render(true);
    expect(html).toContain("<caption");
    expect(html).toContain("Revenue and seats sold by month, last 12 months");
    expect(html.indexOf(">March 2026<")).toBeLessThan(html.indexOf(">April 2025<"));
    expect(html.match(/role="rowheader"/g)).toHaveLength(12);
    expect(html).toContain("R1200.00");
    expect(html).toMatch(/<div aria-hidden="true" data-testid="monthly-chart"[^>]*><\/div>/);
    expect(html).toContain('href="/admin/statement?month=2026-03"');
    expect(html).not.toContain("No payments yet");
  });

  it("says 'No payments yet' instead of a chart and a table of zeros while the ledger is empty", () => {
    const html = render(false);
    expect(html).toContain("No payments yet");
    expect(html).not.toContain("<table");
    expect(html).not.toContain("monthly-chart");
  });
});
