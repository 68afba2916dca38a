import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { acquireDataFolderLock, type DataFolderLock } from "./lock.ts";
import * as schema from "./schema/index.ts";

export { schema };

/** The database (or an open transaction on it); the same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /** dataDir undefined: an in-memory database (tests). */
  | { kind: "pglite"; dataDir?: string; lock?: boolean };

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

/** Opens the database; an embedded data folder is locked first. Does not migrate. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    let closing = false;
    // An idle client that errors (server restart) must not crash the process.
    pool.on("error", (error) => {
      if (!closing) console.error("PostgreSQL pool error:", error.message);
    });
    const db = drizzlePostgres(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      async close() {
        closing = true;
        await pool.end();
      },
    };
  }

  let lock: DataFolderLock | undefined;
  if (options.dataDir !== undefined && options.lock !== false) lock = acquireDataFolderLock(options.dataDir);
  try {
    const client = options.dataDir === undefined ? new PGlite() : new PGlite(path.join(options.dataDir, "pgdata"));
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: "pglite",
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
 * The database the settings name: PostgreSQL when DATABASE_URL is set, else the embedded
 * one in DATA_DIR (locked first: a folder in use throws DataFolderLockedError).
 */
export function openConfiguredDatabase(settings: { databaseUrl?: string; dataDir: string }, options: { poolSize?: number } = {}): Promise<Database> {
  return settings.databaseUrl
    ? openDatabase({ kind: "postgres", url: settings.databaseUrl, poolSize: options.poolSize })
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
    await client.query("select pg_advisory_lock(hashtext('ukrelocate:migrations'))");
    await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock(hashtext('ukrelocate:migrations'))").catch(() => {});
    client.release();
  }
}

/** The rows of a raw `db.execute(sql…)`; both drivers return them as `rows`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** True when the database answers a trivial query. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
