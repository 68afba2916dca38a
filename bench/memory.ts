import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { warmMemoryReport, type WarmMemoryRow } from "./report.ts";
import { firstBlogPost, startSite, throwawayPostgres, type Memory } from "./support.ts";

// `npm run bench -- memory`: issue 19's figure. The built server with demo data, a warm-up of
// a few dozen page views (every public marketing page three times, one at a time), a pause,
// then its memory: the resident set at the end (VmRSS) and its peak (VmHWM). PostgreSQL on a
// fresh database; PGlite on the second start of its data folder, as production runs it (the
// first start creates the database and loads the demo data: its figure is shown too).

const PAGES = ["/", "/about", "/services", "/packages", "/legal", "/events", "/consultations", "/consultations/book", "/blog"];
const ROUNDS = 3;
/** Lets the start-up jobs finish and the garbage collector catch up before the reading. */
const SETTLE_MS = 5_000;

/** Starts the site, warms it up and reads its memory; the site is stopped (its DATA_DIR kept when given). */
async function warmedMemory(env: NodeJS.ProcessEnv): Promise<{ memory: Memory; views: number }> {
  const site = await startSite({ ...env, DEMO_DATA: "on" });
  try {
    const post = await firstBlogPost(site.url);
    const paths = [...PAGES, ...(post ? [post] : [])];
    let views = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const page of paths) {
        const response = await fetch(`${site.url}${page}`);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${page} answered ${response.status}`);
        views++;
      }
    }
    await (await fetch(`${site.url}/healthz`)).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return { memory: site.memory(), views };
  } finally {
    await site.stop();
  }
}

async function onPostgres(): Promise<Memory | undefined> {
  const database = await throwawayPostgres();
  if (!database) {
    console.log("PostgreSQL is not answering on 127.0.0.1:5432 (BENCH_POSTGRES_URL): its row is skipped.\n");
    return undefined;
  }
  try {
    return (await warmedMemory({ DATABASE_URL: database.url })).memory;
  } finally {
    await database.drop();
  }
}

async function onPglite(): Promise<{ first: Memory; second: Memory; views: number }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ukr-bench-memory-"));
  try {
    const env = { DATABASE_URL: "", DATA_DIR: dataDir };
    const first = await warmedMemory(env);
    const second = await warmedMemory(env);
    return { first: first.memory, second: second.memory, views: second.views };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function memoryBench(): Promise<void> {
  const postgres = await onPostgres();
  const pglite = await onPglite();
  console.log(`Memory (issue 19): the built server with demo data after ${pglite.views} page views (${ROUNDS} rounds of the public pages and a post, one at a time), then ${SETTLE_MS / 1000} s idle.\n`);
  const rows: WarmMemoryRow[] = [
    { label: "PostgreSQL, fresh database", memory: postgres, today: "340 MB", target: "≤ 200 MB" },
    { label: "PGlite, second start of its data folder", memory: pglite.second, today: "590–710 MB", target: "≤ 450 MB" },
    { label: "PGlite, first start (creates the database, loads the demo data)", memory: pglite.first, today: "—", target: "—" },
  ];
  console.log(warmMemoryReport(rows));
  console.log("");
}
