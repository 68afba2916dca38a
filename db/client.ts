import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { startListening, type Listener, type ListenerOptions } from "./listener.ts";
import { acquireDataFolderLock, type DataFolderLock } from "./lock.ts";
import * as schema from "./schema/index.ts";
import { DEFAULT_POOL_SIZE, DEFAULT_TIME_LIMITS, type TimeLimits } from "./time-limits.ts";

export { schema };
export { DEFAULT_POOL_SIZE, DEFAULT_TIME_LIMITS, type TimeLimits };
export type { Listener };

/** What a listener is told: each notice, each (re)start, each lost connection (PostgreSQL only). */
export type ListenHandlers = Omit<ListenerOptions, "url" | "channel">;

/** The database (or an open transaction on it); the same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number; timeLimits?: Partial<TimeLimits> }
  /**
   * dataDir undefined: an in-memory database (tests). template: a data folder dumped by
   * `dumpDataDir` to start from instead of an empty one (tests start from a migrated copy).
   */
  | { kind: "pglite"; dataDir?: string; lock?: boolean; template?: Blob };

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Does the database answer `select 1` within `timeoutMs`? Never waits longer. On PostgreSQL
   * it asks on a connection of its own, outside the pool, so a pool taken by slow requests
   * does not make a live database look dead (docs/decisions/018).
   */
  answers(timeoutMs: number): Promise<boolean>;
  /**
   * Hears the NOTIFY notices sent on `channel` when their transactions commit: on PostgreSQL
   * over a connection of its own that reconnects (db/listener.ts), on PGlite in this process.
   * `onListening` runs once listening starts and after every reconnection (notices sent while
   * away are lost). Close it before the database.
   */
  listen(channel: string, handlers: ListenHandlers): Listener;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

/** What the site's connections are called in pg_stat_activity. */
const APPLICATION_NAME = "thula";
const HEALTH_APPLICATION_NAME = "thula-health";

/** `work`'s outcome, or false once `ms` have passed (the work itself is left to finish). */
async function trueWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function openPostgres(url: string, poolSize: number, limits: TimeLimits): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    application_name: APPLICATION_NAME,
    statement_timeout: limits.statementTimeoutMs,
    lock_timeout: limits.lockTimeoutMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
    connectionTimeoutMillis: limits.poolTimeoutMs,
    // No JIT compilation: it is for long analytical queries, and on the dashboard's monthly
    // figures (the largest read the site makes) compiling cost a second of the 2.5 s (issue 20).
    options: "-c jit=off",
  });
  // The health check's own connection: one at most, opened when first asked, kept while asked.
  const health = new pg.Pool({ connectionString: url, max: 1, application_name: HEALTH_APPLICATION_NAME, idleTimeoutMillis: 60_000, connectionTimeoutMillis: 1_000 });
  let closing = false;
  // An idle client that errors (server restart) must not crash the process.
  const onError = (error: Error) => {
    if (!closing) console.error("PostgreSQL pool error:", error.message);
  };
  pool.on("error", onError);
  health.on("error", onError);
  const db = drizzlePostgres(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    answers(timeoutMs) {
      // A query still unanswered at the deadline is cut by the client (query_timeout), which
      // drops its connection; the next check opens a new one.
      return trueWithin(health.query({ text: "select 1", query_timeout: timeoutMs } as pg.QueryConfig), timeoutMs);
    },
    listen: (channel, handlers) => startListening({ ...handlers, url, channel }),
    async close() {
      closing = true;
      await Promise.all([pool.end(), health.end()]);
    },
  };
}

/** PGlite's notices, heard in this process: there is no connection to lose. */
function listenInProcess(client: PGlite, channel: string, { onNotification, onListening, onDropped }: ListenHandlers): Listener {
  const stopping = client
    .listen(channel, onNotification)
    .then((unlisten) => {
      onListening?.();
      return unlisten;
    })
    .catch((error: unknown) => {
      onDropped?.(error, 0);
      return undefined;
    });
  return {
    ready: stopping.then(() => undefined),
    async close() {
      const unlisten = await stopping;
      if (!client.closed) await unlisten?.();
    },
  };
}

/**
 * The embedded database's own settings. PostgreSQL's default 128 MB of shared buffers is a
 * third of the server's memory inside PGlite (its WebAssembly memory never shrinks); the data
 * files are read through Node's file system, so the operating system's cache still keeps
 * recent pages, and 32 MB holds the working set of a small company's years (issue 19).
 */
const PGLITE_CONF = ["shared_buffers = 32MB"];

/** Opens the database; an embedded data folder is locked first. Does not migrate. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    return openPostgres(options.url, options.poolSize ?? DEFAULT_POOL_SIZE, { ...DEFAULT_TIME_LIMITS, ...options.timeLimits });
  }

  let lock: DataFolderLock | undefined;
  if (options.dataDir !== undefined && options.lock !== false) lock = acquireDataFolderLock(options.dataDir);
  try {
    // pg_trgm: the portal's searches have trigram indexes (migration 0008); btree_gist: the
    // consultations' exclusion constraint (migration 0010).
    const client = new PGlite({
      dataDir: options.dataDir === undefined ? undefined : path.join(options.dataDir, "pgdata"),
      extensions: { pg_trgm, btree_gist },
      postgresqlconf: PGLITE_CONF,
      loadDataDir: options.template,
    });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: "pglite",
      // One statement at a time: behind a long transaction the check waits its turn, so it gives up in time instead.
      answers: (timeoutMs) => trueWithin(client.query("select 1"), timeoutMs),
      listen: (channel, handlers) => listenInProcess(client, channel, handlers),
      async close() {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * The database the settings name: PostgreSQL when DATABASE_URL is set (with the settings'
 * pool size and time limits), else the embedded one in DATA_DIR (locked first: a folder in
 * use throws DataFolderLockedError).
 */
export function openConfiguredDatabase(
  settings: { databaseUrl?: string; dataDir: string; database?: { poolSize: number; timeLimits: TimeLimits } },
  options: { poolSize?: number } = {},
): Promise<Database> {
  return settings.databaseUrl
    ? openDatabase({ kind: "postgres", url: settings.databaseUrl, poolSize: options.poolSize ?? settings.database?.poolSize, timeLimits: settings.database?.timeLimits })
    : openDatabase({ kind: "pglite", dataDir: settings.dataDir });
}

/** Applies pending migrations; several PostgreSQL instances starting together take turns. */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    // Waiting for another instance's migrations, and a migration itself, may take longer than
    // any request should: the time limits are lifted on this connection while it migrates.
    await client.query("set statement_timeout = 0; set lock_timeout = 0; set idle_in_transaction_session_timeout = 0");
    await client.query("select pg_advisory_lock(hashtext('ukrelocate:migrations'))");
    await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock(hashtext('ukrelocate:migrations'))").catch(() => {});
    // Back to the pool's own limits (RESET returns to the values the connection opened with).
    const reset = await client.query("reset statement_timeout; reset lock_timeout; reset idle_in_transaction_session_timeout").then(
      () => true,
      () => false,
    );
    // A connection whose limits could not be restored is closed rather than reused.
    client.release(reset ? undefined : true);
  }
}

/** The rows of a raw `db.execute(sql…)`; both drivers return them as `rows`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
