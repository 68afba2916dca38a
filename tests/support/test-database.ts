import { randomBytes } from "node:crypto";
import type { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { migrateDatabase, openDatabase, type Database, type TimeLimits } from "#db/client.ts";

/** `url`: the PostgreSQL database's address (to open it again, as another server instance would); undefined on PGlite. */
export type TestDatabase = Database & { label: string; url?: string };

/** Which engine the db suite runs on: PostgreSQL when DATABASE_URL is set, else PGlite. */
export const testEngine: "postgres" | "pglite" = process.env.DATABASE_URL ? "postgres" : "pglite";

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export type TestDatabaseOptions = {
  migrate?: boolean;
  /** PostgreSQL only: the pool's size (default 20) and time limits (default the site's). */
  poolSize?: number;
  timeLimits?: Partial<TimeLimits>;
};

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a throwaway
 * database created on the PostgreSQL server named by DATABASE_URL (dropped on close).
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  let database: Database;
  let label: string;
  let url: string | undefined;
  let drop: (() => Promise<void>) | undefined;

  if (serverUrl) {
    const name = `ukr_test_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    url = withDatabaseName(serverUrl, name);
    database = await openDatabase({ kind: "postgres", url, poolSize: options.poolSize ?? 20, timeLimits: options.timeLimits });
    label = `postgres:${name}`;
    drop = async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  } else {
    // The suite's migrated copy (tests/support/pglite-template.global.ts), when it has one.
    const template = options.migrate !== false ? inject("pgliteTemplate") : "";
    database = await openDatabase({ kind: "pglite", template: template ? new Blob([readFileSync(template)]) : undefined });
    label = "pglite:memory";
  }

  if (options.migrate !== false) await migrateDatabase(database);

  return {
    ...database,
    label,
    url,
    async close() {
      await database.close();
      await drop?.();
    },
  };
}

/**
 * The calling test file's (or describe block's) database: created before its tests and closed
 * after them. Call it where the hooks belong and read it inside tests and hooks. Tables given
 * are emptied before each test, in that order (children before parents).
 */
export function useTestDatabase(...emptiedBeforeEach: PgTable[]): TestDatabase {
  let database: TestDatabase | undefined;
  const opened = () => {
    if (!database) throw new Error("The test database opens in beforeAll: use it inside tests and hooks.");
    return database;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  if (emptiedBeforeEach.length > 0) {
    beforeEach(async () => {
      for (const table of emptiedBeforeEach) await opened().db.delete(table);
    });
  }

  return {
    get db() {
      return opened().db;
    },
    get kind() {
      return opened().kind;
    },
    get label() {
      return opened().label;
    },
    get url() {
      return opened().url;
    },
    answers: (timeoutMs) => opened().answers(timeoutMs),
    listen: (channel, handlers) => opened().listen(channel, handlers),
    close: () => opened().close(),
  };
}
