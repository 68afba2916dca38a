import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, rowsOf, type DatabaseOptions } from "#db/client.ts";
import { insertSeminar, visitor } from "../support/fixtures.ts";
import { freePort, killAbruptly, repoRoot } from "../support/processes.ts";
import { onPostgresServer, postgresUrlFor, waitFor } from "./support/postgres.ts";

// Issue 15: the built server is killed with SIGKILL while visitors hold seats and pay on the
// test checkout, then started again on the same data: the embedded database's folder (whose
// lock the dead pid left behind) and a PostgreSQL database (the PostgreSQL server of
// DATABASE_URL, or PGHOST's, default the local one, as tests/e2e/time-limits.e2e.ts uses).
// Every payment the server acknowledged must be on record, and the records must agree.

const VISITORS = 6;
/** Acknowledged payments to wait for before the kill; the other visitors are mid-flow then. */
const PAID_BEFORE_KILL = 8;

type Server = { baseURL: string; child: ChildProcess; output: () => string };

/** Starts the built server on a free port with `env` (the engine's settings) and waits until /readyz says 200. */
async function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  if (!existsSync(path.join(repoRoot, process.env.BUILD_DIR ?? "build", "server/index.js"))) throw new Error("No build found: run `npm run build` first (npm test does).");
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO_DATA: "off",
      BETTER_AUTH_SECRET: "kill-nine-test-secret-0123456789abcdef",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: baseURL,
      LOG_LEVEL: "warn",
      SEAT_HOLDS_PER_ADDRESS: "1000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  // Ready, or gone (a refused start ends the process): whichever comes first.
  await waitFor(async () => child.exitCode !== null || (await fetch(`${baseURL}/readyz`)).ok, () => `the server to be ready:\n${output}`);
  if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
  return { baseURL, child, output: () => output };
}

async function stopServer(server: Server): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.child.exitCode;
  const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
  server.child.kill("SIGTERM");
  return exited;
}

/** A form posted as the page's own form would post it (same origin), redirects not followed. */
async function post(server: Server, pathname: string, form: Record<string, string>) {
  const response = await fetch(new URL(pathname, server.baseURL), {
    method: "POST",
    headers: { origin: server.baseURL, accept: "text/html" },
    body: new URLSearchParams(form),
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
}

type Purchase = { bookingId: string; sessionId: string };

/**
 * One visitor's way through the site: hold a seat, press Pay (opening the test checkout) and
 * Pay on the checkout. Every third visitor walks away after the hold. Returns the purchase
 * when the server acknowledged the payment (a 2xx or 3xx answer to Pay), else undefined.
 */
async function buySeat(server: Server, seminarId: string, n: number): Promise<Purchase | undefined> {
  const booked = await post(server, `/events/book/${seminarId}`, { intent: "book", ...visitor, email: `kill9.${n}.${Date.now().toString(36)}@example.co.za` });
  if (booked.status !== 200) return undefined;
  // The hold's id is in the page's data (a JSON string inside a script), as the payment dialog reads it.
  const bookingId = booked.text.match(/\\"bookingId\\",\\"([0-9a-f-]{36})\\"/)?.[1];
  if (!bookingId) throw new Error(`no booking id in the answer to a hold:\n${booked.text.slice(-2000)}`);
  if (n % 3 === 2) return undefined;
  const checkout = await post(server, `/events/book/${seminarId}`, { intent: "pay", bookingId });
  const sessionId = checkout.location?.match(/\/checkout\/test\/([^/?#]+)$/)?.[1];
  if (!sessionId) return undefined;
  const paid = await post(server, `/checkout/test/${sessionId}`, { intent: "pay" });
  return paid.status >= 200 && paid.status < 400 ? { bookingId, sessionId: decodeURIComponent(sessionId) } : undefined;
}

/**
 * Visitors buying seats until the server is killed; resolves with every acknowledged purchase
 * and how many visitors had a request cut off by the kill (the kill came mid-flow).
 */
async function driveTraffic(server: Server, seminarIds: string[], onPaid: (count: number) => void): Promise<{ acknowledged: Purchase[]; cutOff: number }> {
  const acknowledged: Purchase[] = [];
  let cutOff = 0;
  let next = 0;
  const visitorLoop = async () => {
    for (;;) {
      const n = next++;
      try {
        const purchase = await buySeat(server, seminarIds[n % seminarIds.length]!, n);
        if (purchase) {
          acknowledged.push(purchase);
          onPaid(acknowledged.length);
        }
      } catch (error) {
        // The server was killed: this visitor's request was cut off, so nothing was acknowledged.
        if (server.child.killed) {
          cutOff += 1;
          return;
        }
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: VISITORS }, visitorLoop));
  return { acknowledged, cutOff };
}

type Problems = { lost: string[]; seats: string[]; paidWithoutCheckout: string[]; ledger: string[] };

/** What the records say once the server is stopped: every acknowledged payment kept, seats and money in agreement. */
async function checkRecords(options: DatabaseOptions, acknowledged: Purchase[]): Promise<Problems> {
  const database = await openDatabase(options);
  try {
    const { db } = database;
    const lost: string[] = [];
    for (const { bookingId, sessionId } of acknowledged) {
      const [row] = rowsOf<{ checkout: string; paid: boolean; status: string; payments: number }>(
        await db.execute(sql`
          select c.status as checkout, b.is_paid as paid, b.status,
                 (select count(*)::int from ledger_entries l where l.booking_id = b.id and l.entry_type = 'payment') as payments
            from checkout_sessions c join seminar_bookings b on b.id = c.booking_id
           where c.id = ${sessionId} and b.id = ${bookingId}`),
      );
      if (!row || row.checkout !== "paid" || !row.paid || row.status !== "confirmed" || row.payments !== 1) lost.push(`${bookingId}: ${JSON.stringify(row ?? "no checkout")}`);
    }
    const seats = rowsOf<{ id: string; taken: number; live: number }>(
      await db.execute(sql`
        select s.id, s.current_attendees as taken, count(b.id) filter (where b.status in ('pending', 'confirmed'))::int as live
          from seminars s left join seminar_bookings b on b.seminar_id = s.id
         group by s.id, s.current_attendees`),
    )
      .filter((seminar) => seminar.taken !== seminar.live)
      .map((seminar) => `${seminar.id}: ${seminar.taken} seats taken, ${seminar.live} live bookings`);
    const paidWithoutCheckout = rowsOf<{ id: string }>(
      await db.execute(sql`
        select b.id from seminar_bookings b
         where b.is_paid and not exists (select 1 from checkout_sessions c where c.booking_id = b.id and c.status = 'paid')`),
    ).map((booking) => booking.id);
    const ledger = rowsOf<{ id: string; payments: number }>(
      await db.execute(sql`
        select c.id, (select count(*)::int from ledger_entries l where l.checkout_session_id = c.id and l.entry_type = 'payment') as payments
          from checkout_sessions c where c.status = 'paid'`),
    )
      .filter((checkout) => checkout.payments !== 1)
      .map((checkout) => `${checkout.id}: ${checkout.payments} ledger payments for a paid checkout`);
    return { lost, seats, paidWithoutCheckout, ledger };
  } finally {
    await database.close();
  }
}

type Engine = {
  name: string;
  /** The server's settings for this engine's data. */
  env: NodeJS.ProcessEnv;
  /** How the test opens the same data, once the server is stopped. */
  database: DatabaseOptions;
  /** Set up before the first start, removed after the test. */
  create(): Promise<void>;
  remove(): Promise<void>;
};

function embeddedEngine(): Engine {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ukr-kill9-"));
  return {
    name: "the embedded database (same DATA_DIR, its dead owner's lock taken over)",
    env: { DATABASE_URL: "", DATA_DIR: dataDir },
    database: { kind: "pglite", dataDir },
    async create() {},
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function postgresEngine(): Engine {
  const name = `ukr_e2e_kill9_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ukr-kill9-pg-"));
  const url = postgresUrlFor(name);
  return {
    name: "PostgreSQL (the same database)",
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    database: { kind: "postgres", url, poolSize: 2 },
    async create() {
      await onPostgresServer(`create database ${name}`);
    },
    async remove() {
      await onPostgresServer(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each([embeddedEngine(), postgresEngine()])("kill -9 in the middle of payments on $name", (engine) => {
  const servers: Server[] = [];
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) await killAbruptly(server.child);
    await engine.remove();
  });

  it("keeps every acknowledged payment, once, with seats and ledger in agreement, and starts again cleanly", async () => {
    await engine.create();
    // The seminars exist before the server starts (the embedded folder has one opener at a time).
    const setup = await openDatabase(engine.database);
    const seminarIds: string[] = [];
    try {
      await migrateDatabase(setup);
      for (const maxAttendees of [200, 200, 5]) seminarIds.push((await insertSeminar(setup.db, { maxAttendees })).id);
    } finally {
      await setup.close();
    }

    const first = await startServer(engine.env);
    servers.push(first);
    let killed: Promise<void> | undefined;
    const { acknowledged, cutOff } = await driveTraffic(first, seminarIds, (count) => {
      if (count >= PAID_BEFORE_KILL) killed ??= killAbruptly(first.child);
    });
    await killed;
    expect(first.child.signalCode).toBe("SIGKILL");
    expect(acknowledged.length).toBeGreaterThanOrEqual(PAID_BEFORE_KILL);
    expect(cutOff, "visitors whose request the kill cut off").toBeGreaterThan(0);

    // Started again on the same data: it comes up, takes payments, and stops cleanly.
    const second = await startServer(engine.env);
    servers.push(second);
    if (engine.database.kind === "pglite") expect(second.output()).toContain(`from pid ${first.child.pid}, which is no longer running`);
    const after = await buySeat(second, seminarIds[0]!, 0);
    expect(after, "a payment on the restarted server").toBeDefined();
    expect(await stopServer(second)).toBe(0);
    expect(second.output()).not.toMatch(/"level":"(error|fatal)"|could not start/i);

    const problems = await checkRecords(engine.database, [...acknowledged, after!]);
    expect(problems).toEqual({ lost: [], seats: [], paidWithoutCheckout: [], ledger: [] });
  });
});
