import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSeminar, visitor } from "../support/fixtures.ts";
import { freePort, repoRoot } from "../support/processes.ts";
import { openDatabase } from "#db/client.ts";
import { onPostgresServer, postgresUrlFor, waitFor } from "./support/postgres.ts";

// Issue 15 against the built server on PostgreSQL: with every connection of its pool taken
// by bookings waiting on a seminar's row lock, /healthz still answers at once, /readyz says
// 503 in time, a page says "busy" with 503 and Retry-After, and every waiting booking is
// answered "busy" rather than left hanging (docs/decisions/018). The browser journeys run on
// the embedded database; this one needs a PostgreSQL server: DATABASE_URL's, or PGHOST's (default the local one).

const BUSY_WORDS = "busy right now, so nothing was saved. Please try again in a moment.";
const POOL_SIZE = 2;
const databaseName = `ukr_e2e_limits_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;

/** A GET that must be answered within `ms`; a request still open then fails the test. */
async function get(url: string, ms: number) {
  const response = await fetch(url, { signal: AbortSignal.timeout(ms), redirect: "manual" });
  return { status: response.status, retryAfter: response.headers.get("retry-after"), text: await response.text() };
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };
const decoded = (html: string) => html.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_entity, name: string) => entities[name]!);

describe("the site on PostgreSQL while its pool is exhausted", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ukr-limits-"));
  let child: ChildProcess | undefined;
  let baseURL = "";
  let output = "";

  beforeAll(async () => {
    await onPostgresServer(`create database ${databaseName}`);
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: postgresUrlFor(databaseName),
        DEMO_DATA: "off",
        BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SITE_URL: baseURL,
        LOG_LEVEL: "warn",
        SEAT_HOLDS_PER_ADDRESS: "1000",
        DATABASE_POOL_SIZE: String(POOL_SIZE),
        // Bookings wait on the lock long enough for the checks below; nobody waits long for a connection.
        DATABASE_LOCK_TIMEOUT_MS: "8000",
        DATABASE_STATEMENT_TIMEOUT_MS: "10000",
        DATABASE_POOL_TIMEOUT_MS: "1000",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    await waitFor(async () => (await fetch(`${baseURL}/readyz`)).ok, () => `the server to be ready:\n${output}`);
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await onPostgresServer(`drop database if exists ${databaseName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers /healthz at once, /readyz and pages with an honest 503, and every waiting booking with 'busy'", async () => {
    const fixtures = await openDatabase({ kind: "postgres", url: postgresUrlFor(databaseName), poolSize: 1 });
    const seminar = await insertSeminar(fixtures.db, { maxAttendees: 30 }).finally(() => fixtures.close());
    // Another visitor's transaction holds the seminar's row lock.
    const holder = new pg.Client({ connectionString: postgresUrlFor(databaseName), application_name: "test-lock-holder" });
    await holder.connect();
    await holder.query("begin");
    await holder.query("select id from seminars where id = $1 for update", [seminar.id]);

    // More tries than the pool has connections: those inside wait on the lock, the rest on the pool.
    const tries = Array.from({ length: 12 }, (_, n) =>
      fetch(`${baseURL}/events/book/${seminar.id}`, {
        method: "POST",
        headers: { origin: baseURL },
        body: new URLSearchParams({ intent: "book", ...visitor, email: `queue${n}@example.com` }),
        signal: AbortSignal.timeout(20_000),
      }).then(async (response) => ({ status: response.status, retryAfter: response.headers.get("retry-after"), text: decoded(await response.text()) })),
    );
    let answers: PromiseSettledResult<{ status: number; retryAfter: string | null; text: string }>[] = [];
    try {
      // Every connection of the site's pool is waiting on the lock, none idle.
      const watcher = new pg.Client({ connectionString: postgresUrlFor(databaseName), application_name: "test-watcher" });
      await watcher.connect();
      try {
        await waitFor(async () => {
          const { rows } = await watcher.query<{ waiting: number; free: number }>(
            `select count(*) filter (where wait_event_type = 'Lock')::int as waiting,
                    count(*) filter (where state = 'idle')::int as free
               from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid()
                -- The site's request pool only: not its /healthz connection, nor the idle one that listens for blog edits.
                and application_name = 'thula'`,
          );
          return rows[0]!.waiting >= POOL_SIZE && rows[0]!.free === 0;
        }, () => "the pool to be exhausted", 15_000);
      } finally {
        await watcher.end();
      }

      const health = await get(`${baseURL}/healthz`, 1_000);
      expect(health.status).toBe(200);
      expect(JSON.parse(health.text)).toEqual({ status: "ok" });

      const readiness = await get(`${baseURL}/readyz`, 4_000);
      expect(readiness.status).toBe(503);
      expect(JSON.parse(readiness.text)).toMatchObject({ status: "not-ready" });

      const page = await get(`${baseURL}/events`, 6_000);
      expect(page.status).toBe(503);
      expect(Number(page.retryAfter)).toBeGreaterThan(0);
      expect(decoded(page.text)).toContain(BUSY_WORDS);
      expect(page.text).not.toMatch(/timeout exceeded|canceling statement|lock timeout/i);

      // Every waiting booking is answered while the lock is still held.
      answers = await Promise.allSettled(tries);
    } finally {
      await holder.query("rollback");
      await holder.end();
      await Promise.allSettled(tries);
    }
    // Not one booking was left hanging, and not one took a seat: each was told "busy".
    for (const answer of answers) {
      expect(answer.status).toBe("fulfilled");
      const { status, retryAfter, text } = (answer as PromiseFulfilledResult<{ status: number; retryAfter: string | null; text: string }>).value;
      expect(status).toBe(503);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(text).toContain(BUSY_WORDS);
    }

    const seats = new pg.Client({ connectionString: postgresUrlFor(databaseName) });
    await seats.connect();
    const { rows } = await seats.query<{ taken: number }>("select current_attendees as taken from seminars where id = $1", [seminar.id]).finally(() => seats.end());
    expect(rows[0]!.taken).toBe(0);

    // Busy is the site working as designed: its access lines are warnings, not errors.
    const busyLines = output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: string; res?: { statusCode?: number } })
      .filter((line) => line.res?.statusCode === 503);
    expect(busyLines.length).toBeGreaterThan(0);
    expect(busyLines.map((line) => line.level)).toEqual(busyLines.map(() => "warn"));

    // Once the lock is gone the site is itself again.
    expect((await get(`${baseURL}/readyz`, 4_000)).status).toBe(200);
    const booked = await fetch(`${baseURL}/events/book/${seminar.id}`, {
      method: "POST",
      headers: { origin: baseURL },
      body: new URLSearchParams({ intent: "book", ...visitor, email: "after@example.com" }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(booked.status).toBe(200);
  });
});
