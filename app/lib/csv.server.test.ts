import { describe, expect, it } from "vitest";
import { csvDocument, guardCsvCell } from "./csv.server.ts";

describe("CSV documents", () => {
  it("defuses cells a spreadsheet would run as a formula", () => {
    for (const [cell, guarded] of [
      ["=1+1", "'=1+1"],
      ["+27 82 555 0123", "'+27 82 555 0123"],
      ["-2", "'-2"],
      ["@SUM(A1)", "'@SUM(A1)"],
      ["\tx", "'\tx"],
      ["Thandi", "Thandi"],
    ]) {
      expect(guardCsvCell(cell!)).toBe(guarded);
    }
  });

  it("starts with a byte-order mark, ends lines with CRLF, and keeps the app's own numbers as numbers", () => {
    const body = csvDocument(["Name", "Amount (R)"], [["=HYPERLINK(\"x\")", "-120.00"], ["Sipho, Jr", "=1"]], { numericColumns: [1] });
    expect(body).toBe('\uFEFFName,Amount (R)\r\n"\'=HYPERLINK(""x"")",-120.00\r\n"Sipho, Jr",\'=1\r\n');
  });
});
