// The browser's own work to show a marketing page on a first visit: parsing the HTML and the
// stylesheet, style, layout and paint on the page's main thread, read from Chromium's trace.
// Lighthouse counts that work, four times slower, in TBT (on these pages no script runs before
// the first input, docs/decisions/036), and its figure swings with the machine's CPU index
// run to run; this one is the work itself, at full speed, median of RENDER_RUNS (default 9)
// fresh visits at Lighthouse's phone size. docs/decisions/041 is what brought it down; what the
// page then draws in idle moments (docs/decisions/042) is shown apart, with the longest task it
// took: a task over 50 ms (after Lighthouse's slowdown) would count in TBT.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
// @ts-expect-error plain ESM helper shared with scripts/
import { findChromium } from "../scripts/chromium.mjs";
import { firstBlogPost, LIGHTHOUSE_CPU_SLOWDOWN, pageLabel, percentile, round, startSite, warmUp } from "./support.ts";

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; args?: Record<string, unknown> };

/** The phases shown, each the sum of its trace events on the page's main thread. */
const PHASES = {
  "parse HTML": ["ParseHTML"],
  "parse CSS": ["ParseAuthorStyleSheet"],
  style: ["UpdateLayoutTree"],
  layout: ["Layout"],
  paint: ["PrePaint", "Paint"],
} as const;
type Phase = keyof typeof PHASES;

/** How long a visit is traced after its load event: the parts left undrawn are drawn by then. */
const AFTER_LOAD_MS = 1000;

/**
 * How Lighthouse's TBT weighs a task: its simulation (Lantern) runs each task 4 times slower
 * (`LIGHTHOUSE_CPU_SLOWDOWN`, as `npm run bench -- lighthouse` uses), and a task blocks for what
 * it then runs past 50 ms. So a task counts only past 12.5 ms at full speed. (Lantern also drops
 * tasks under 10 ms from its graph, which changes nothing here.)
 */
const LONG_TASK_MS = 50;

/** What Lighthouse's TBT would count of these tasks (durations in ms, at full speed). */
export function blockingAsLighthouseCounts(taskMs: number[]): number {
  return taskMs.reduce((sum, ms) => sum + Math.max(0, ms * LIGHTHOUSE_CPU_SLOWDOWN - LONG_TASK_MS), 0);
}

/** Names of the main thread's top-level tasks, each one turn of its event loop. */
const TASKS = ["RunTask", "ThreadControllerImpl::RunTask"];

/** One visit's work on the main thread: its first render, then what it drew in idle moments (ADR 042). */
export type VisitWork = {
  /** Milliseconds per phase, from the start of the page's HTML parse to its first idle moment. */
  firstRender: Record<Phase, number>;
  /** Milliseconds of every phase from the first idle moment on: the parts drawn then, and their paint. */
  drawnWhenIdle: number;
  /** The longest single task from the first idle moment on, in milliseconds, at full speed. */
  longestTaskWhenIdle: number;
  /** Of the tasks from the first idle moment on, what Lighthouse's TBT would count (`blockingAsLighthouseCounts`). */
  blockingWhenIdle: number;
};

/**
 * The work of one trace, on the renderer thread that parsed `url`, split at the page's first
 * idle callback: the main thread goes idle only once the first frame is drawn, and the starter
 * draws a part per idle callback from then on.
 */
export function workOf(events: TraceEvent[], url: string): VisitWork {
  const parse = events.find((event) => event.name === "ParseHTML" && JSON.stringify(event.args ?? {}).includes(url));
  if (!parse) throw new Error(`No HTML parse of ${url} in the trace`);
  const mine = events.filter((event) => event.pid === parse.pid && event.tid === parse.tid && event.ph === "X");
  const firstIdle = mine.find((event) => event.name === "FireIdleCallback" && event.ts >= parse.ts);
  // From the start of the task that ran it.
  const idleTask = firstIdle && mine.find((event) => TASKS.includes(event.name) && event.ts <= firstIdle.ts && firstIdle.ts < event.ts + (event.dur ?? 0));
  const idleFrom = idleTask?.ts ?? firstIdle?.ts ?? Infinity;
  const before = mine.filter((event) => event.ts < idleFrom);
  const after = mine.filter((event) => event.ts >= idleFrom);
  const total = (slice: TraceEvent[], names: readonly string[]) => slice.filter((event) => names.includes(event.name)).reduce((sum, event) => sum + (event.dur ?? 0), 0) / 1000;
  const tasksAfter = after.filter((event) => TASKS.includes(event.name)).map((event) => (event.dur ?? 0) / 1000);
  return {
    firstRender: Object.fromEntries(Object.entries(PHASES).map(([phase, names]) => [phase, total(before, names)])) as Record<Phase, number>,
    drawnWhenIdle: total(after, Object.values(PHASES).flat()),
    longestTaskWhenIdle: Math.max(0, ...tasksAfter),
    blockingWhenIdle: blockingAsLighthouseCounts(tasksAfter),
  };
}

/**
 * One first visit to `url` in a fresh context, traced until a moment after its load event. A
 * trace that lost the page's parse (Chromium drops events now and then) is taken again, twice at most.
 */
async function traceVisit(browser: Browser, url: string, attempt = 1): Promise<VisitWork> {
  try {
    return await tracedOnce(browser, url);
  } catch (error) {
    if (attempt >= 3) throw error;
    return traceVisit(browser, url, attempt + 1);
  }
}

async function tracedOnce(browser: Browser, url: string): Promise<VisitWork> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
    await page.goto(url, { waitUntil: "load", timeout: 30_000 });
    await page.waitForTimeout(AFTER_LOAD_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    return workOf(trace.traceEvents, url);
  } finally {
    await context.close();
  }
}

export async function renderBench() {
  const runs = Math.max(1, Number(process.env.RENDER_RUNS ?? 9) || 1);
  const executablePath = findChromium() as string | undefined;
  if (!executablePath) throw new Error("No Chromium found: run `node scripts/chromium.mjs --ensure` or set CHROMIUM_PATH.");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ukr-bench-render-"));
  const site = await startSite({ DATA_DIR: dataDir, DATABASE_URL: "", DEMO_DATA: "on" });
  const browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic"] });
  try {
    const post = await firstBlogPost(site.url);
    const paths = ["/", "/events", "/consultations", "/blog", ...(post ? [post] : []), "/about", "/services"];
    await warmUp(site.url, paths);
    const rows = [];
    for (const page of paths) {
      const visits: VisitWork[] = [];
      for (let run = 0; run < runs; run++) visits.push(await traceVisit(browser, `${site.url}${page}`));
      const row: Record<string, string | number> = { page: pageLabel(page) };
      const median = (read: (visit: VisitWork) => number) => round(percentile(visits.map(read), 50));
      for (const phase of Object.keys(PHASES) as Phase[]) row[`${phase} ms`] = median((visit) => visit.firstRender[phase]);
      row["total ms"] = median((visit) => Object.values(visit.firstRender).reduce((sum, ms) => sum + ms, 0));
      row["drawn when idle ms"] = median((visit) => visit.drawnWhenIdle);
      row["longest idle task ms"] = median((visit) => visit.longestTaskWhenIdle);
      row["idle TBT as LH counts"] = median((visit) => visit.blockingWhenIdle);
      rows.push(row);
    }
    console.log(`First render's main-thread work until the page's first idle moment (Chromium's trace, no slowdown, 412 x 823 phone), median of ${runs} fresh visits;`);
    console.log(`then, up to ${AFTER_LOAD_MS} ms after the load event, the work of drawing in idle moments the parts left undrawn (docs/decisions/042), its longest single task,`);
    console.log(`and what Lighthouse's TBT would count of those tasks (${LIGHTHOUSE_CPU_SLOWDOWN}x slower, past ${LONG_TASK_MS} ms each; docs/decisions/046):`);
    console.table(rows);
    console.log("");
  } finally {
    await browser.close();
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
