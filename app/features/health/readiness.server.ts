import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATIONS_DIR, rowsOf, type Database, type Db } from "#db/client.ts";
import { errorFields, log } from "~/lib/log.server.ts";

// /readyz: is this instance ready for traffic? The database answers AND every migration of
// db/migrations is applied. Liveness (/healthz) only asks whether the database answers.
// "Applied" follows drizzle's own migrator: a journal entry is applied when its `when` is at
// or before the newest `created_at` in drizzle.__drizzle_migrations.
// Both answer in time however busy the database is (docs/decisions/018): /healthz asks on a
// connection of its own and waits under a second; /readyz asks through the pool, as requests
// do, so an instance that cannot get a connection in time is honestly not ready.

export type Readiness = { ready: true } | { ready: false; reason: string };

/** How long /healthz waits for the database: well inside a second, so a prober always gets an answer. */
const LIVENESS_TIMEOUT_MS = 800;

/** /healthz: is this instance alive? Only whether the database answers, within LIVENESS_TIMEOUT_MS. */
export function isAlive(database: Pick<Database, "answers">): Promise<boolean> {
  return database.answers(LIVENESS_TIMEOUT_MS);
}

const QUERY_TIMEOUT_MS = 2_000;

/** What /readyz says when the database fails, whatever the failure. */
export const DATABASE_NOT_REACHABLE = "database not reachable";

type JournalEntry = { tag: string; when: number };

async function readJournal(migrationsFolder: string): Promise<JournalEntry[]> {
  const text = await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8");
  const journal = JSON.parse(text) as { entries?: unknown };
  if (!Array.isArray(journal.entries)) throw new Error("no entries");
  return journal.entries.map((entry: { tag?: unknown; when?: unknown }) => {
    if (typeof entry.tag !== "string" || typeof entry.when !== "number") throw new Error("malformed entry");
    return { tag: entry.tag, when: entry.when };
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The newest applied migration's `created_at` (ms), null when none, undefined when drizzle's table does not exist. */
async function newestAppliedMigration(db: Db): Promise<number | null | undefined> {
  const [table] = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`));
  if (!table?.present) return undefined;
  const [row] = rowsOf<{ newest: string | number | null }>(
    await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`),
  );
  return row?.newest === null || row?.newest === undefined ? null : Number(row.newest);
}

// Set once this process starts shutting down: the load balancer should send traffic elsewhere.
let draining = false;

/** Marks this instance as shutting down: /readyz answers 503 from now on. */
export function startDraining() {
  draining = true;
}

export async function checkReadiness(db: Db, options: { migrationsFolder?: string; timeoutMs?: number } = {}): Promise<Readiness> {
  if (draining) return { ready: false, reason: "shutting down" };
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_DIR;
  const timeoutMs = options.timeoutMs ?? QUERY_TIMEOUT_MS;

  let journal: JournalEntry[];
  try {
    journal = await readJournal(migrationsFolder);
  } catch {
    return { ready: false, reason: "the migrations journal (db/migrations/meta/_journal.json) could not be read" };
  }

  let newest: number | null | undefined;
  try {
    newest = await withTimeout(newestAppliedMigration(db), timeoutMs);
  } catch (error) {
    // The answer is public; the driver's words (hosts, database names, queries) are for the log only.
    log.warn("Not ready: the database did not answer", errorFields(error));
    return { ready: false, reason: DATABASE_NOT_REACHABLE };
  }

  if (newest === undefined) return { ready: false, reason: `no migrations applied yet (${journal.length} pending)` };
  const pending = journal.filter((entry) => newest === null || entry.when > newest);
  if (pending.length > 0) {
    const names = pending.map((entry) => entry.tag).join(", ");
    return { ready: false, reason: `${pending.length} migration${pending.length === 1 ? "" : "s"} pending: ${names}` };
  }
  return { ready: true };
}
