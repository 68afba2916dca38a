import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Agent, request } from "undici";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf, type Database } from "#db/client.ts";
import { fillScaleData, SCALE_SIZES, type ScaleSizeName } from "./scale-data.ts";
import { load, percentile, round, startSite, throwawayPostgres, type LoadResult, type Site } from "./support.ts";

// `npm run bench -- scale` (issue 20): the portal and the public pages with several busy years
// of data. A fresh database is filled through the project's schema (bench/scale-data.ts), the
// built site is started on it, an admin signs in, and each page is timed one request at a time
// and under 10 connections; then the bookings CSV is downloaded while /healthz is asked every
// 200 ms and the server's resident memory is read from /proc. Numbers only, printed beside the
// figures issue 20 measured before any of its work ("today"); nothing passes or fails.

export type ScaleOptions = { size: ScaleSizeName; engines: ("postgres" | "pglite")[]; seconds: number; connections: number };

const ADMIN = { email: "bench.admin@thula.example", password: "bench admin passphrase 2026", name: "Bench Admin" };

/** The site as the bench runs it: production, an admin from the settings, no demo data, no reminders queued while it measures. */
const siteEnv = { DEMO_DATA: "off", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_NAME: ADMIN.name, AUTH_RATE_LIMIT_MAX: "1000", SEMINAR_REMINDER_HOURS: "none" };

/** Issue 20's figures before its work (PostgreSQL, 10 connections, p50), by size; "—" where it gave none. */
const TODAY: Record<string, Partial<Record<ScaleSizeName, string>>> = {
  dashboard: { medium: "p50 0.78 s", large: "p50 8.2 s" },
  "bookings-first": { large: "p50 3.2 s" },
  "bookings-last": { large: "p50 5.7 s" },
  "bookings-search": { large: "p50 9.4 s" },
  "contacts-search": { large: "p50 2.6 s" },
  outbox: { large: "p50 2.0 s" },
  "bookings-html": { large: "620 KB (2,021 seminar options)" },
  "blog-html": { large: "407 KB (186 posts)", medium: "407 KB (186 posts)" },
  export: { medium: "7.6 s in all, 1.4 GB peak", large: "72 s in all, ~2.5 GB kept after" },
  healthz: { large: "76.7 s during the export" },
};

type Endpoint = { key: string; label: string; path: string; admin: boolean };

type EndpointFigures = Endpoint & { kb: number; status: number; single: { samples: number; failures: number; p50Ms: number; p95Ms: number }; loaded: LoadResult };

type ExportFigures = { firstByteMs: number; totalMs: number; megabytes: number; lines: number; status: number; rssBeforeMb?: number; rssPeakMb?: number; rssAfterMb?: number; healthz: { samples: number; p50Ms: number; p95Ms: number; maxMs: number } };

type EngineFigures = { engine: string; size: ScaleSizeName; fillSeconds: number; endpoints: EndpointFigures[]; exports: { label: string; figures: ExportFigures }[] };

const mb = (kilobytes: number) => Math.round(kilobytes / 1024);

/** The process's resident memory now (VmRSS), in kB; undefined where /proc is not there. */
function residentKb(pid: number): number | undefined {
  try {
    const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kilobytes ? Number(kilobytes) : undefined;
  } catch {
    return undefined;
  }
}

/** Signs in with the site's own sign-in endpoint; returns the session cookie. */
async function signIn(site: Site): Promise<string> {
  const response = await fetch(`${site.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site.url },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    redirect: "manual",
  });
  if (response.status !== 200) throw new Error(`The bench admin could not sign in: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .join("; ");
  if (!cookie.includes("session_token=")) throw new Error("Signing in set no session cookie");
  return cookie;
}

/**
 * The list's own link to its last page: a link with rel="last" or the text "Last" (keyset
 * pagination), else the highest numbered page link in its Pagination nav (OFFSET pages).
 */
export function lastPageLink(html: string): string | undefined {
  // Within the list's pagination when it has one: a sortable "Last name" column is not a page link.
  const nav = /<nav\b[^>]*aria-label="[^"]*pagination[^"]*"[^>]*>[\s\S]*?<\/nav>/i.exec(html)?.[0] ?? html;
  const anchors = [...nav.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attributes, inner]) => ({
    href: /\bhref="([^"]*)"/.exec(attributes!)?.[1]?.replaceAll("&amp;", "&"),
    rel: /\brel="([^"]*)"/.exec(attributes!)?.[1] ?? "",
    label: /\baria-label="([^"]*)"/.exec(attributes!)?.[1] ?? "",
    text: inner!.replace(/<[^>]+>/g, "").trim(),
  }));
  const last = anchors.find((anchor) => anchor.rel.split(/\s+/).includes("last") || /^last\b/i.test(anchor.text) || /^last\b/i.test(anchor.label));
  if (last?.href) return last.href;
  const numbered = anchors.flatMap((anchor) => {
    const page = /^Page (\d+)$/.exec(anchor.label)?.[1];
    return page && anchor.href ? [{ page: Number(page), href: anchor.href }] : [];
  });
  return numbered.sort((a, b) => b.page - a.page)[0]?.href;
}

/** One request at a time: up to 10 of them, or fewer when they are slow (at least 3, about 30 s at most). */
async function oneAtATime(url: string, headers: Record<string, string>) {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + 30_000;
  while (latencies.length < 10 && (latencies.length < 3 || performance.now() < until)) {
    const started = performance.now();
    const answer = await get(url, headers);
    if (answer.status !== 200) failures++;
    latencies.push(performance.now() - started);
  }
  return { samples: latencies.length, failures, p50Ms: round(percentile(latencies, 50)), p95Ms: round(percentile(latencies, 95)) };
}

/** One GET, its body read; status 0 when the connection failed (a failure to count, not to stop the bench). */
async function get(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: number }> {
  try {
    const response = await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(120_000) });
    return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
  } catch {
    return { status: 0, bytes: 0 };
  }
}

async function measureEndpoint(site: Site, endpoint: Endpoint, cookie: string, options: ScaleOptions): Promise<EndpointFigures> {
  const headers: Record<string, string> = endpoint.admin ? { cookie } : {};
  const url = `${site.url}${endpoint.path}`;
  const first = await get(url, headers);
  const single = await oneAtATime(url, headers);
  const loaded = await load(url, { seconds: options.seconds, connections: options.connections, headers });
  return { ...endpoint, kb: Math.round(first.bytes / 1024), status: first.status, single, loaded };
}

/** Downloads `path` (a CSV) while /healthz is asked every 200 ms and the server's memory is read every 50 ms. */
async function measureExport(site: Site, path: string, cookie: string): Promise<ExportFigures> {
  const rssBefore = residentKb(site.pid);
  let rssPeak = rssBefore ?? 0;
  const memory = setInterval(() => (rssPeak = Math.max(rssPeak, residentKb(site.pid) ?? 0)), 50);
  let exporting = true;
  const health: number[] = [];
  const healthChecks = (async () => {
    while (exporting) {
      const started = performance.now();
      try {
        await (await fetch(`${site.url}/healthz`, { signal: AbortSignal.timeout(300_000) })).arrayBuffer();
      } catch {
        // a refused or timed-out check still counts its wait
      }
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const dispatcher = new Agent({ headersTimeout: 300_000, bodyTimeout: 300_000 });
  const started = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  let lines = 0;
  let status = 0;
  try {
    const response = await request(`${site.url}${path}`, { dispatcher, headers: { cookie } });
    status = response.statusCode;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    }
  } finally {
    exporting = false;
    clearInterval(memory);
    await dispatcher.close();
  }
  const totalMs = performance.now() - started;
  await healthChecks;
  const rssAfter = residentKb(site.pid);
  return {
    firstByteMs: round(firstByteMs),
    totalMs: round(totalMs),
    megabytes: round(bytes / 1024 / 1024),
    lines,
    status,
    rssBeforeMb: rssBefore === undefined ? undefined : mb(rssBefore),
    rssPeakMb: rssPeak ? mb(rssPeak) : undefined,
    rssAfterMb: rssAfter === undefined ? undefined : mb(rssAfter),
    healthz: { samples: health.length, p50Ms: round(percentile(health, 50)), p95Ms: round(percentile(health, 95)), maxMs: round(Math.max(0, ...health)) },
  };
}

async function measureSite(site: Site, options: ScaleOptions, statementMonth: string): Promise<Pick<EngineFigures, "endpoints" | "exports">> {
  const cookie = await signIn(site);
  const firstPage = await fetch(`${site.url}/admin/bookings`, { headers: { cookie }, signal: AbortSignal.timeout(120_000) });
  const lastPage = lastPageLink(await firstPage.text());
  const endpoints: Endpoint[] = [
    { key: "dashboard", label: "/admin/dashboard", path: "/admin/dashboard", admin: true },
    { key: "bookings-first", label: "/admin/bookings, first page", path: "/admin/bookings", admin: true },
    ...(lastPage ? [{ key: "bookings-last", label: `/admin/bookings, last page (${lastPage.replace(/^\/admin\/bookings/, "")})`, path: lastPage, admin: true }] : []),
    { key: "bookings-search", label: "/admin/bookings?q=nkosi", path: "/admin/bookings?q=nkosi", admin: true },
    { key: "contacts-search", label: "/admin/users?q=dlamini", path: "/admin/users?q=dlamini", admin: true },
    { key: "consultations", label: "/admin/consultations", path: "/admin/consultations", admin: true },
    { key: "consultations-search", label: "/admin/consultations?q=dlamini", path: "/admin/consultations?q=dlamini", admin: true },
    { key: "seminars-search", label: "/admin/seminars?q=durban", path: "/admin/seminars?q=durban", admin: true },
    { key: "outbox", label: "/admin/outbox", path: "/admin/outbox", admin: true },
    { key: "activity", label: "/admin/activity", path: "/admin/activity", admin: true },
    { key: "activity-search", label: "/admin/activity?q=dlamini", path: "/admin/activity?q=dlamini", admin: true },
    { key: "events", label: "/events", path: "/events", admin: false },
    { key: "blog", label: "/blog", path: "/blog", admin: false },
  ];
  if (!lastPage) console.log("  (no last-page link found on /admin/bookings: its row is skipped)");
  const figures: EndpointFigures[] = [];
  for (const endpoint of endpoints) {
    console.log(`  measuring ${endpoint.label}…`);
    figures.push(await measureEndpoint(site, endpoint, cookie, options));
  }
  console.log("  exporting the bookings CSV…");
  const bookings = await measureExport(site, "/admin/bookings?format=csv", cookie);
  console.log("  exporting a month's statement CSV…");
  const statement = await measureExport(site, `/admin/statement?format=csv&month=${statementMonth}`, cookie);
  return {
    endpoints: figures,
    exports: [
      { label: "bookings CSV (every booking)", figures: bookings },
      { label: `statement CSV (${statementMonth})`, figures: statement },
    ],
  };
}

/** The busiest month of the ledger, "YYYY-MM" (South African time), for the statement export. */
async function busiestMonth(database: Database): Promise<string> {
  const [row] = rowsOf<{ month: string }>(
    await database.db.execute(sql`select to_char(occurred_at at time zone 'Africa/Johannesburg', 'YYYY-MM') as month from ledger_entries group by 1 order by count(*) desc, 1 desc limit 1`),
  );
  return row?.month ?? new Date().toISOString().slice(0, 7);
}

async function filled(database: Database, size: ScaleSizeName): Promise<{ seconds: number; month: string }> {
  const started = performance.now();
  await fillScaleData(database, SCALE_SIZES[size], (step, ms) => console.log(`  ${step}: ${(ms / 1000).toFixed(1)} s`));
  return { seconds: round((performance.now() - started) / 1000), month: await busiestMonth(database) };
}

/** Generous limits while the bench fills the database: one statement writes half a million rows. */
const fillLimits = { statementTimeoutMs: 600_000, idleInTransactionTimeoutMs: 600_000 };

async function onPostgres(options: ScaleOptions): Promise<EngineFigures | undefined> {
  const target = await throwawayPostgres();
  if (!target) {
    console.log("PostgreSQL is not answering on 127.0.0.1:5432 (BENCH_POSTGRES_URL): its part is skipped.\n");
    return undefined;
  }
  try {
    console.log(`PostgreSQL, ${options.size} data set: filling…`);
    const database = await openDatabase({ kind: "postgres", url: target.url, poolSize: 1, timeLimits: fillLimits });
    let fill: Awaited<ReturnType<typeof filled>>;
    try {
      fill = await filled(database, options.size);
    } finally {
      await database.close();
    }
    const site = await startSite({ ...siteEnv, DATABASE_URL: target.url });
    try {
      return { engine: "PostgreSQL", size: options.size, fillSeconds: fill.seconds, ...(await measureSite(site, options, fill.month)) };
    } finally {
      await site.stop();
    }
  } finally {
    await target.drop();
  }
}

async function onPglite(options: ScaleOptions): Promise<EngineFigures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ukr-bench-scale-"));
  try {
    console.log("PGlite, small data set: filling…");
    const database = await openDatabase({ kind: "pglite", dataDir });
    let fill: Awaited<ReturnType<typeof filled>>;
    try {
      fill = await filled(database, "small");
    } finally {
      await database.close();
    }
    const site = await startSite({ ...siteEnv, DATA_DIR: dataDir });
    try {
      return { engine: "PGlite", size: "small", fillSeconds: fill.seconds, ...(await measureSite(site, options, fill.month)) };
    } finally {
      await site.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function table(header: string[], rows: string[][]): string {
  return [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

const today = (key: string, size: ScaleSizeName, engine: string) => (engine === "PostgreSQL" ? (TODAY[key]?.[size] ?? "—") : "—");

function report(run: EngineFigures, options: ScaleOptions): string {
  const size = SCALE_SIZES[run.size];
  const lines = [
    `### ${run.engine}, ${run.size}: ${size.seminars.toLocaleString("en-GB")} seminars, ${size.contacts.toLocaleString("en-GB")} contacts, ${size.bookings.toLocaleString("en-GB")} bookings, ${size.consultations.toLocaleString("en-GB")} consultations, ${size.emails.toLocaleString("en-GB")} e-mails, ${size.activity.toLocaleString("en-GB")} activity entries, ${size.posts} posts (filled in ${run.fillSeconds} s)`,
    "",
    table(
      ["Endpoint", "HTML KB", "1 at a time p50 ms", "p95 ms", "(samples)", `${options.connections} conn. req/s`, "p50 ms", "p95 ms", "failed", "today (issue 20)"],
      run.endpoints.map((endpoint) => [
        endpoint.label + (endpoint.status === 200 ? "" : ` (answered ${endpoint.status})`),
        String(endpoint.kb),
        String(endpoint.single.p50Ms),
        String(endpoint.single.p95Ms),
        endpoint.single.failures ? `${endpoint.single.samples}, ${endpoint.single.failures} failed` : String(endpoint.single.samples),
        String(endpoint.loaded.requestsPerSecond),
        String(endpoint.loaded.p50Ms),
        String(endpoint.loaded.p95Ms),
        `${endpoint.loaded.failures}/${endpoint.loaded.requests}`,
        [today(endpoint.key, run.size, run.engine), endpoint.key === "bookings-first" ? today("bookings-html", run.size, run.engine) : endpoint.key === "blog" ? today("blog-html", run.size, run.engine) : ""].filter((text) => text && text !== "—").join("; ") || "—",
      ]),
    ),
    "",
    table(
      ["Export", "first byte ms", "total ms", "MB", "lines", "server RSS before → peak → after MB", "peak growth MB", "/healthz during it p50 / p95 / max ms (samples)", "today (issue 20)"],
      run.exports.map(({ label, figures }) => [
        label + (figures.status === 200 ? "" : ` (answered ${figures.status})`),
        String(figures.firstByteMs),
        String(figures.totalMs),
        String(figures.megabytes),
        String(figures.lines),
        `${figures.rssBeforeMb ?? "?"} → ${figures.rssPeakMb ?? "?"} → ${figures.rssAfterMb ?? "?"}`,
        figures.rssBeforeMb !== undefined && figures.rssPeakMb !== undefined ? String(figures.rssPeakMb - figures.rssBeforeMb) : "?",
        `${figures.healthz.p50Ms} / ${figures.healthz.p95Ms} / ${figures.healthz.maxMs} (${figures.healthz.samples})`,
        label.startsWith("bookings") ? [today("export", run.size, run.engine), today("healthz", run.size, run.engine)].filter((text) => text !== "—").join("; ") || "—" : "—",
      ]),
    ),
    "",
  ];
  return lines.join("\n");
}

export async function scaleBench(options: ScaleOptions): Promise<void> {
  console.log(
    `Scale (issue 20): ${[options.engines.includes("postgres") ? `PostgreSQL ${options.size}` : "", options.engines.includes("pglite") ? "PGlite small" : ""].filter(Boolean).join(", ")}; each page one request at a time, then ${options.connections} connections for ${options.seconds} s; the CSVs with /healthz every 200 ms. Reach: portal pages ≤ 150 ms p95 one at a time (large), first byte ≤ 1 s, RSS growth ≤ 100 MB, /healthz < 100 ms.\n`,
  );
  const runs: EngineFigures[] = [];
  if (options.engines.includes("postgres")) {
    const postgres = await onPostgres(options);
    if (postgres) runs.push(postgres);
  }
  if (options.engines.includes("pglite")) runs.push(await onPglite(options));
  console.log("");
  for (const run of runs) console.log(report(run, options));
}
