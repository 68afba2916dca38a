import { stringify } from "csv-stringify/sync";

// CSV downloads from the admin portal (docs/decisions/008): spreadsheet-safe cells, a
// byte-order mark so spreadsheet programs read UTF-8 names, Windows line ends, never cached.

/**
 * A spreadsheet cell that cannot run as a formula (CSV injection): text starting with
 * = + - @ (or a tab or carriage return, which some spreadsheets skip) gets a leading quote.
 * Numbers written by the app itself (a refund's "-120.00") are passed through as numbers.
 */
export function guardCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The rows as a CSV document; every cell of `rows` is guarded, the header row is the app's own. */
export function csvDocument(header: readonly string[], rows: readonly (readonly string[])[], options: { numericColumns?: readonly number[] } = {}): string {
  const numeric = new Set(options.numericColumns ?? []);
  const guarded = rows.map((row) => row.map((cell, index) => (numeric.has(index) && /^-?\d+(\.\d+)?$/.test(cell) ? cell : guardCsvCell(cell))));
  return `\uFEFF${stringify([[...header], ...guarded], { record_delimiter: "windows", quoted_match: /^\s|\s$/ })}`;
}

/** A CSV document as a download (never cached: it holds personal or financial data). */
export function csvDownload(filename: string, body: string): Response {
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
