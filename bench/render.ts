// The browser's own work to show a marketing page on a first visit: parsing the HTML and the
// stylesheet, style, layout and paint on the page's main thread, read from Chromium's trace.
// Lighthouse counts that work, four times slower, in TBT (on these pages no script runs before
// the first input, docs/decisions/036), and its figure swings with the machine's CPU index
// run to run; this one is the work itself, at full speed, median of RENDER_RUNS (default 9)
// fresh visits at Lighthouse's phone size. docs/decisions/041 is what brought it down.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
// @ts-expect-error plain ESM helper shared with scripts/
import { findChromium } from "../scripts/chromium.mjs";
import { firstBlogPost, pageLabel, percentile, round, startSite, warmUp } from "./support.ts";

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

/** Milliseconds per phase of one trace, on the renderer thread that parsed `url`. */
export function phasesOf(events: TraceEvent[], url: string): Record<Phase, number> {
  const parse = events.find((event) => event.name === "ParseHTML" && JSON.stringify(event.args ?? {}).includes(url));
  if (!parse) throw new Error(`No HTML parse of ${url} in the trace`);
  const mine = events.filter((event) => event.pid === parse.pid && event.tid === parse.tid && event.ph === "X");
  const total = (names: readonly string[]) => mine.filter((event) => names.includes(event.name)).reduce((sum, event) => sum + (event.dur ?? 0), 0) / 1000;
  return Object.fromEntries(Object.entries(PHASES).map(([phase, names]) => [phase, total(names)])) as Record<Phase, number>;
}

/**
 * One first visit to `url` in a fresh context, traced until a moment after its load event. A
 * trace that lost the page's parse (Chromium drops events now and then) is taken again, twice at most.
 */
async function traceVisit(browser: Browser, url: string, attempt = 1): Promise<Record<Phase, number>> {
  try {
    return await tracedOnce(browser, url);
  } catch (error) {
    if (attempt >= 3) throw error;
    return traceVisit(browser, url, attempt + 1);
  }
}

async function tracedOnce(browser: Browser, url: string): Promise<Record<Phase, number>> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
    await page.goto(url, { waitUntil: "load", timeout: 30_000 });
    await page.waitForTimeout(500);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    return phasesOf(trace.traceEvents, url);
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
      const visits = [];
      for (let run = 0; run < runs; run++) visits.push(await traceVisit(browser, `${site.url}${page}`));
      const row: Record<string, string | number> = { page: pageLabel(page) };
      for (const phase of Object.keys(PHASES) as Phase[]) row[`${phase} ms`] = round(percentile(visits.map((visit) => visit[phase]), 50));
      row["total ms"] = round(percentile(visits.map((visit) => Object.values(visit).reduce((sum, ms) => sum + ms, 0)), 50));
      rows.push(row);
    }
    console.log(`First render's main-thread work (Chromium's trace, no slowdown, 412 x 823 phone), median of ${runs} fresh visits:`);
    console.table(rows);
    console.log("");
  } finally {
    await browser.close();
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
