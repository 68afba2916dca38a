import type { RaceFigures } from "./bookings.ts";
import type { PageFigures, SiteFigures } from "./pages.ts";
import type { LoadResult, Memory } from "./support.ts";

// The throughput part's printout: Markdown tables to paste into an issue note, each figure
// beside the target for it (issue 15). Numbers only: nothing here passes or fails.

export type EngineRun = { engine: "PGlite" | "PostgreSQL"; site: SiteFigures; memory: Memory };
export type RaceRow = { label: string; race?: RaceFigures; target: string };
export type MemoryRow = { label: string; memory?: Memory };
/** The memory part's row: one server after the warm-up, beside what issue 19 measured and asked for. */
export type WarmMemoryRow = MemoryRow & { today: string; target: string };

const VIEWS = [
  { key: "first", name: "first render", target: "≥ 10 %" },
  { key: "revalidated", name: "repeat view, 304", target: "≥ 50 %" },
  { key: "again", name: "repeat view, 200", target: "≥ 50 %" },
] as const;

function table(header: string[], rows: string[][]): string {
  return [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

function share(result: LoadResult, staticFile: LoadResult): string {
  return staticFile.requestsPerSecond ? `${((result.requestsPerSecond / staticFile.requestsPerSecond) * 100).toFixed(1)} %` : "—";
}

function loadCells(result: LoadResult | undefined, staticFile: LoadResult | undefined): string[] {
  if (!result || !staticFile) return ["—", "—", "—", "—"];
  return [String(result.requestsPerSecond), String(result.p50Ms), String(result.p95Ms), share(result, staticFile)];
}

function failureNotes(runs: EngineRun[]): string[] {
  const notes: string[] = [];
  for (const { engine, site } of runs) {
    if (site.staticFile.failures) notes.push(`${engine}, ${site.staticPath}: ${site.staticFile.failures} of ${site.staticFile.requests} requests failed.`);
    for (const page of site.pages) {
      if (page.coldStatus !== 200) notes.push(`${engine}, ${page.path}: the first request after the start got ${page.coldStatus}.`);
      if (!page.etag) notes.push(`${engine}, ${page.path}: the page has no ETag, so no repeat view can be a 304.`);
      for (const view of VIEWS) {
        const result = page[view.key];
        if (result.failures) notes.push(`${engine}, ${page.path}, ${view.name}: ${result.failures} of ${result.requests} requests got another status or none.`);
      }
    }
  }
  return notes;
}

export function pagesReport(runs: EngineRun[]): string {
  const byEngine = (engine: EngineRun["engine"]) => runs.find((run) => run.engine === engine)?.site;
  const pglite = byEngine("PGlite");
  const postgres = byEngine("PostgreSQL");
  const pages = (pglite ?? postgres)?.pages ?? [];
  const staticPath = (pglite ?? postgres)?.staticPath ?? "a hashed asset";
  const header = ["Page", "View", "PGlite req/s", "p50 ms", "p95 ms", "of static", "PostgreSQL req/s", "p50 ms", "p95 ms", "of static", "Target"];
  const rows = [["static file", `\`${staticPath}\``, ...loadCells(pglite?.staticFile, pglite?.staticFile), ...loadCells(postgres?.staticFile, postgres?.staticFile), "(the yardstick)"]];
  const pageOf = (site: SiteFigures | undefined, n: number): PageFigures | undefined => site?.pages[n];
  pages.forEach((page, n) => {
    VIEWS.forEach((view, v) =>
      rows.push([
        v === 0 ? page.label : "",
        view.name,
        ...loadCells(pageOf(pglite, n)?.[view.key], pglite?.staticFile),
        ...loadCells(pageOf(postgres, n)?.[view.key], postgres?.staticFile),
        view.target,
      ]),
    );
  });
  const cold = table(
    ["First request after the start (one sample, ms)", "PGlite", "PostgreSQL"],
    pages.map((page, n) => [page.label, String(pageOf(pglite, n)?.coldMs ?? "—"), String(pageOf(postgres, n)?.coldMs ?? "—")]),
  );
  const notes = failureNotes(runs);
  return [
    table(header, rows),
    "",
    "First render: a query parameter unique to each request, so no cache keyed on the address can answer. " +
      "Repeat view, 304: If-None-Match with the page's ETag, as a browser holding the page asks. " +
      "Repeat view, 200: the same address without a validator, as another visitor asks. " +
      "No request asks for compression (no Accept-Encoding), the asset's neither. " +
      "The issue's ≥ 50 % is for repeat views: HTTP caching shows in the 304 row, a render cache in both.",
    "",
    cold,
    ...(notes.length ? ["", ...notes.map((note) => `- ${note}`)] : []),
  ].join("\n");
}

function outcome(race: RaceFigures): string {
  if (race.held === 0 && race.full === 0 && Object.keys(race.other).length === 0) return "all 200 OK (reads nothing)";
  const other = Object.entries(race.other).map(([status, count]) => `${count} × ${status}`);
  return [`${race.held} held`, `${race.full} full`, ...other].join(", ");
}

export function racesReport(rows: RaceRow[], tries: number, seats: number): string {
  return table(
    [`${tries} bookings at once for ${seats} seats (PostgreSQL)`, "p50 ms", "p95 ms", "Target", "Outcome"],
    rows.map(({ label, race, target }) => (race ? [label, String(race.p50Ms), String(race.p95Ms), target, outcome(race)] : [label, "—", "—", target, "not run"])),
  );
}

const mb = (value: number | undefined) => (value === undefined ? "—" : `${value} MB`);

export function memoryReport(rows: MemoryRow[]): string {
  return table(
    ["Server process", "Memory at the end (VmRSS)", "Peak memory (VmHWM)", "Issue 19's target (at the end)"],
    rows.map(({ label, memory }) => [label, mb(memory?.residentMb), mb(memory?.peakMb), label.startsWith("PGlite") ? "≤ 450 MB" : "≤ 200 MB"]),
  );
}

export function warmMemoryReport(rows: WarmMemoryRow[]): string {
  return table(
    ["Server after the warm-up", "Memory at the end (VmRSS)", "Peak memory (VmHWM)", "Issue 19's figure", "Target (at the end)"],
    rows.map(({ label, memory, today, target }) => [label, mb(memory?.residentMb), mb(memory?.peakMb), today, target]),
  );
}
