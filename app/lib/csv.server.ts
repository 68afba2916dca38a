import { setImmediate as turnOfTheEventLoop } from "node:timers/promises";
import { stringify } from "csv-stringify/sync";

// CSV downloads from the admin portal (docs/decisions/008): spreadsheet-safe cells, a
// byte-order mark so spreadsheet programs read UTF-8 names, Windows line ends, never cached;
// every one streamed in batches (docs/decisions/029), never built whole in memory.

/**
 * A spreadsheet cell that cannot run as a formula (CSV injection): text starting with
 * = + - @ (or a tab or carriage return, which some spreadsheets skip) gets a leading quote.
 * Numbers written by the app itself (a refund's "-120.00") are passed through as numbers.
 */
export function guardCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

type CsvOptions = { numericColumns?: readonly number[] };
type CsvRows = readonly (readonly string[])[];

/** Rows as CSV records (no header, no byte-order mark); every cell is guarded. */
function csvRecords(rows: CsvRows, options: CsvOptions): string {
  const numeric = new Set(options.numericColumns ?? []);
  const guarded = rows.map((row) => row.map((cell, index) => (numeric.has(index) && /^-?\d+(\.\d+)?$/.test(cell) ? cell : guardCsvCell(cell))));
  return stringify(guarded, { record_delimiter: "windows", quoted_match: /^\s|\s$/ });
}

/** The byte-order mark (so spreadsheet programs read UTF-8 names) and the header row, the app's own. */
function csvHead(header: readonly string[]): string {
  return `\uFEFF${stringify([[...header]], { record_delimiter: "windows" })}`;
}

/**
 * A CSV document written as its rows are read: the header at once, then each batch as it
 * arrives, each only when the reader asks for more, so a large export holds one batch in
 * memory and the server answers other requests between batches (docs/decisions/029, 031).
 */
export function csvStream(header: readonly string[], batches: AsyncIterable<CsvRows>, options: CsvOptions = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  async function* document() {
    yield encoder.encode(csvHead(header));
    for await (const rows of batches) {
      if (rows.length > 0) yield encoder.encode(csvRecords(rows, options));
      // Let other requests in before the next batch: an embedded database (PGlite) answers
      // within this process, so without this the whole export could run without ever
      // returning to the event loop, and /healthz would wait for its end.
      await turnOfTheEventLoop();
    }
  }
  const chunks = document();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      // The download was abandoned: stop reading batches.
      await chunks.return(undefined);
    },
  });
}

/** A CSV document as a download (never cached: it holds personal or financial data). */
export function csvDownload(filename: string, body: string | ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
