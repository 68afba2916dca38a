import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateDatabase, openDatabase, type Database } from "#db/client.ts";
import { floorOverHttp, RACE_SEATS, RACE_TRIES, raceInProcess, raceOverHttp, warmUpBookings, type PostedBy, type RaceFigures } from "./bookings.ts";
import { insertBlogPosts, insertSeminars } from "./data.ts";
import { measurePages, type Page } from "./pages.ts";
import { memoryReport, pagesReport, racesReport, type EngineRun, type MemoryRow } from "./report.ts";
import { loadConnections, loadSeconds, startSite, throwawayPostgres, type Memory, type Site } from "./support.ts";

// `npm run bench -- throughput`: issue 15's figures in one run, PGlite and PostgreSQL side by
// side. Each engine gets a fresh database with 1,000 seminars and the shipped blog posts; one
// server process serves its pages, then (PostgreSQL) takes the booking race alone, and two
// more processes on the same database take it together.

/** Settings as behind a load balancer: each booking's address comes from X-Forwarded-For (bench/bookings.ts). */
const benchEnv = { DEMO_DATA: "off", TRUST_PROXY: "1" };

async function fill(database: Database): Promise<string> {
  await migrateDatabase(database);
  await insertSeminars(database, 1000);
  return insertBlogPosts(database);
}

function pagesFor(postPath: string): Page[] {
  return [
    { label: "`/events` (1,000 seminars)", path: "/events" },
    { label: "`/`", path: "/" },
    { label: "`/blog`", path: "/blog" },
    { label: "a post", path: postPath },
  ];
}

async function measured<T>(site: Site, work: () => Promise<T>): Promise<{ result: T; memory: Memory }> {
  try {
    const result = await work();
    return { result, memory: site.memory() };
  } finally {
    await site.stop();
  }
}

async function onPglite(): Promise<EngineRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ukr-bench-"));
  try {
    const database = await openDatabase({ kind: "pglite", dataDir });
    let postPath: string;
    try {
      postPath = await fill(database);
    } finally {
      await database.close();
    }
    const site = await startSite({ ...benchEnv, DATA_DIR: dataDir });
    const { result, memory } = await measured(site, () => measurePages(site.url, pagesFor(postPath)));
    return { engine: "PGlite", site: result, memory };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bookings as a page's script and as a form post them, and the yardstick: as many GETs of a route that reads nothing. */
type Races = Record<PostedBy | "floor", RaceFigures>;

type PostgresRun = { run: EngineRun; oneInstance: Races; twoInstances: Races; inProcess: RaceFigures; twoMemory: Memory[] };

/** Both kinds of booking race on these instances, after a small race to warm them. */
async function races(sites: Site[], url: string): Promise<Races> {
  await warmUpBookings(sites, url);
  return {
    floor: await floorOverHttp(sites),
    script: await raceOverHttp(sites, url, { postedBy: "script" }),
    form: await raceOverHttp(sites, url, { postedBy: "form" }),
  };
}

async function onPostgres(url: string): Promise<PostgresRun> {
  const database = await openDatabase({ kind: "postgres", url, poolSize: 1 });
  let postPath: string;
  try {
    postPath = await fill(database);
  } finally {
    await database.close();
  }
  const env = { ...benchEnv, DATABASE_URL: url };
  const site = await startSite(env);
  const { result, memory } = await measured(site, async () => ({ pages: await measurePages(site.url, pagesFor(postPath)), race: await races([site], url) }));

  // Two instances started together, as a deployment starts them (tests/instances/support/servers.ts).
  const shared = { ...env, BETTER_AUTH_SECRET: randomBytes(32).toString("base64") };
  const pair = await Promise.all([startSite(shared), startSite(shared)]);
  let twoInstances: Races;
  let twoMemory: Memory[];
  try {
    twoInstances = await races(pair, url);
    twoMemory = pair.map((instance) => instance.memory());
  } finally {
    await Promise.all(pair.map((instance) => instance.stop()));
  }
  const inProcess = await raceInProcess(url);
  return { run: { engine: "PostgreSQL", site: result.pages, memory }, oneInstance: result.race, twoInstances, inProcess, twoMemory };
}

export async function throughputBench(): Promise<void> {
  console.log(`Throughput: ${loadSeconds} s per row, ${loadConnections} connections (BENCH_SECONDS, BENCH_CONNECTIONS), loopback.\n`);
  const pglite = await onPglite();
  const database = await throwawayPostgres();
  let postgres: PostgresRun | undefined;
  if (database) {
    try {
      postgres = await onPostgres(database.url);
    } finally {
      await database.drop();
    }
  } else {
    console.log("PostgreSQL is not answering on 127.0.0.1:5432 (BENCH_POSTGRES_URL): its columns and the booking races are skipped.\n");
  }
  const runs = [pglite, ...(postgres ? [postgres.run] : [])];
  const memory: MemoryRow[] = [
    { label: "PGlite, one instance (pages)", memory: pglite.memory },
    { label: "PostgreSQL, one instance (pages, then the race)", memory: postgres?.run.memory },
    { label: "PostgreSQL, instance 1 of 2 (race)", memory: postgres?.twoMemory[0] },
    { label: "PostgreSQL, instance 2 of 2 (race)", memory: postgres?.twoMemory[1] },
  ];
  console.log(pagesReport(runs));
  console.log("");
  console.log(
    racesReport(
      [
        { label: "one instance, 200 GETs of /robots.txt at once (the machine's floor)", race: postgres?.oneInstance.floor, target: "—" },
        { label: "one instance, the page's script (`.data`)", race: postgres?.oneInstance.script, target: "p95 ≤ 150 ms" },
        { label: "one instance, a form without JavaScript (whole page back)", race: postgres?.oneInstance.form, target: "p95 ≤ 150 ms" },
        { label: "two instances, 200 GETs of /robots.txt at once (the floor)", race: postgres?.twoInstances.floor, target: "—" },
        { label: "two instances, one database, the page's script", race: postgres?.twoInstances.script, target: "p95 ≤ 300 ms" },
        { label: "two instances, one database, a form without JavaScript", race: postgres?.twoInstances.form, target: "p95 ≤ 300 ms" },
        { label: "holdSeat in this process, no HTTP (for comparison)", race: postgres?.inProcess, target: "—" },
      ],
      RACE_TRIES,
      RACE_SEATS,
    ),
  );
  console.log("");
  console.log(memoryReport(memory));
  console.log("");
}
