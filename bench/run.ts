// `npm run bench`: throughput and latency numbers, the JavaScript each public route makes a
// first visit download, and Lighthouse scores (mobile defaults) for six public pages. Printed,
// never asserted as pass/fail (a test never asserts a wall-clock time). Loopback only; every
// loop is bounded. One part alone: `npm run bench -- throughput`, `npm run bench -- js`,
// `npm run bench -- lighthouse` (several may be named). BUILD_DIR picks the build (built when missing).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateDatabase, openDatabase, type Database } from "#db/client.ts";
import { seminars } from "#db/schema/index.ts";
import { holdSeat } from "~/features/seminars/seats/holds.server.ts";
import { SeminarFullError } from "~/features/seminars/errors.ts";
import { addDays, todayIn } from "~/lib/format.ts";
import { printJsPerRoute } from "./js-per-route.ts";
import { load, percentile, root, round, startSite, throwawayPostgres } from "./support.ts";

const cities = ["Durban", "Johannesburg", "Cape Town", "Pretoria", "Gqeberha", "Bloemfontein"];

async function insertSeminars(database: Database, count: number) {
  const today = todayIn("Africa/Johannesburg");
  const rows = Array.from({ length: count }, (_, n) => {
    const city = cities[n % cities.length]!;
    return {
      title: `Moving to the UK: ${city} Evening ${n + 1}`,
      organizerName: "Thula Relocations",
      description: "Funding, work, housing and schools: a practical evening for families planning the move.",
      city,
      venueName: `Conference Centre ${n % 40}`,
      address: `${n + 1} Main Road`,
      location: `Conference Centre ${n % 40}, ${city}`,
      seminarDate: addDays(today, 1 + (n % 700)),
      seminarTime: n % 2 ? "18:00" : "10:00",
      priceCents: 120000,
      maxAttendees: 30,
    };
  });
  for (let start = 0; start < rows.length; start += 200) await database.db.insert(seminars).values(rows.slice(start, start + 200));
}

type Row = { what: string; engine: string; rps: number; p50: number; p95: number; failures: number; note?: string };
const results: Row[] = [];

async function measureSite(engine: "pglite" | "postgres", env: NodeJS.ProcessEnv) {
  const site = await startSite({ ...env, DEMO_DATA: "off" });
  try {
    for (const warm of ["/events", "/favicon.svg"]) await load(`${site.url}${warm}`, { seconds: 2, connections: 4 });
    const staticFile = await load(`${site.url}/favicon.svg`);
    const events = await load(`${site.url}/events`);
    const filtered = await load(`${site.url}/events?q=durban&location=Durban&page=3`);
    const row = (what: string, r: Awaited<ReturnType<typeof load>>, note?: string): Row => ({
      what,
      engine,
      rps: r.requestsPerSecond,
      p50: r.p50Ms,
      p95: r.p95Ms,
      failures: r.failures,
      note,
    });
    results.push(row("static file /favicon.svg", staticFile));
    results.push(row("/events (1,000 seminars)", events, `${round((events.requestsPerSecond / staticFile.requestsPerSecond) * 100)}% of static`));
    results.push(row("/events filtered, page 3", filtered, `${round((filtered.requestsPerSecond / staticFile.requestsPerSecond) * 100)}% of static`));
  } finally {
    await site.stop();
  }
}

async function eventsOnPglite() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ukr-bench-"));
  try {
    const database = await openDatabase({ kind: "pglite", dataDir });
    await migrateDatabase(database);
    await insertSeminars(database, 1000);
    await database.close();
    await measureSite("pglite", { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function eventsOnPostgres(url: string) {
  const database = await openDatabase({ kind: "postgres", url });
  await migrateDatabase(database);
  await insertSeminars(database, 1000);
  await database.close();
  await measureSite("postgres", { DATABASE_URL: url });
}

async function bookingRace(url: string) {
  const database = await openDatabase({ kind: "postgres", url, poolSize: 20 });
  try {
    const [seminar] = await database.db
      .insert(seminars)
      .values({
        title: "Race night",
        organizerName: "Thula Relocations",
        city: "Durban",
        venueName: "Hall",
        address: "1 Road",
        location: "Hall, Durban",
        seminarDate: addDays(todayIn("Africa/Johannesburg"), 30),
        seminarTime: "18:00",
        maxAttendees: 20,
      })
      .returning();
    const latencies: number[] = [];
    let sold = 0;
    let full = 0;
    let other = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 200 }, async (_, n) => {
        const t0 = performance.now();
        try {
          await holdSeat(
            database.db,
            { seminarId: seminar!.id, contact: { firstName: "Racer", lastName: String(n), email: `racer${n}@example.com`, phone: "+27 82 555 0100", preferredContact: "email" } },
            { siteUrl: "http://127.0.0.1" },
          );
          sold++;
        } catch (error) {
          if (error instanceof SeminarFullError) full++;
          else other++;
        }
        latencies.push(performance.now() - t0);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    results.push({
      what: "200 concurrent bookings, 20 seats",
      engine: "postgres",
      rps: Math.round(200 / seconds),
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      failures: other,
      note: `sold ${sold} (must be 20), fully booked ${full}`,
    });
  } finally {
    await database.close();
  }
}

const PARTS = ["throughput", "js", "lighthouse"] as const;
type Part = (typeof PARTS)[number];

function chosenParts(args: string[]): Set<Part> {
  const unknown = args.filter((arg) => !PARTS.includes(arg as Part));
  if (unknown.length) {
    console.error(`Unknown bench part ${unknown.join(", ")}: choose from ${PARTS.join(", ")}.`);
    process.exit(2);
  }
  return new Set(args.length ? (args as Part[]) : PARTS);
}

async function throughput() {
  await eventsOnPglite();
  const postgres = await throwawayPostgres();
  if (postgres) {
    try {
      await eventsOnPostgres(postgres.url);
      await bookingRace(postgres.url);
    } finally {
      await postgres.drop();
    }
  } else {
    console.log("PostgreSQL is not answering on 127.0.0.1:5432 (BENCH_POSTGRES_URL): its benchmarks are skipped.\n");
  }
  console.table(results.map((r) => ({ benchmark: r.what, engine: r.engine, "req/s": r.rps, "p50 ms": r.p50, "p95 ms": r.p95, failures: r.failures, note: r.note ?? "" })));
  console.log("");
}

async function main() {
  const parts = chosenParts(process.argv.slice(2));
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  console.log(`Benchmarks on ${os.cpus().length} CPUs, Node ${process.version}. Numbers, not verdicts.\n`);
  if (parts.has("throughput")) await throughput();
  if (parts.has("js")) printJsPerRoute(path.join(buildDir, "client"));
  // Lighthouse is a large module: loaded only when its part runs.
  if (parts.has("lighthouse")) await (await import("./lighthouse.ts")).lighthouseBench();
}

await main();
