import { describe, expect, it } from "vitest";
import { csvStream, guardCsvCell } from "./csv.server.ts";

async function* batches<T>(...items: T[]) {
  for (const item of items) yield item;
}

async function textOf(body: ReadableStream<Uint8Array>) {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(body).arrayBuffer());
}

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

  it("starts with a byte-order mark, ends lines with CRLF, and keeps the app's own numbers as numbers", async () => {
    const body = await textOf(csvStream(["Name", "Amount (R)"], batches([["=HYPERLINK(\"x\")", "-120.00"]], [], [["Sipho, Jr", "=1"]]), { numericColumns: [1] }));
    expect(body).toBe('\uFEFFName,Amount (R)\r\n"\'=HYPERLINK(""x"")",-120.00\r\n"Sipho, Jr",\'=1\r\n');
  });

  it("returns to the event loop between batches, so other requests are answered while a long export runs", async () => {
    // Batches that resolve at once, as an embedded database's queries can: without a turn of
    // the event loop between them, a callback queued before the download would run only after it.
    let otherWorkRan = false;
    const seenByBatch: boolean[] = [];
    async function* instantBatches() {
      for (let batch = 0; batch < 3; batch++) {
        seenByBatch.push(otherWorkRan);
        yield [[`row ${batch}`]];
      }
    }
    setImmediate(() => (otherWorkRan = true));
    await textOf(csvStream(["Name"], instantBatches()));
    expect(seenByBatch).toEqual([false, true, true]);
  });
});
