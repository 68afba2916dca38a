import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestDatabase, testEngine, type TestDatabaseOptions } from "../tests/support/test-database.ts";
import { isDatabaseBusy } from "./busy.ts";
import { migrateDatabase, rowsOf, type Db } from "./client.ts";

// PostgreSQL's time limits on the site's pool (docs/decisions/018): a statement, a lock wait
// and a wait for a pool connection each end in an error the site answers as "busy", instead
// of a request that hangs. PGlite runs one statement at a time in this process and cannot
// cancel one, so these limits are PostgreSQL's alone: this file runs on the PostgreSQL pass
// of the db suite (DATABASE_URL set).

/** Resolves with the promise's outcome, or "no answer" once `ms` have passed: a bound on "answered at all". */
function within<T>(work: Promise<T>, ms: number): Promise<{ value: T } | { error: unknown } | "no answer"> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<"no answer">((resolve) => {
    timer = setTimeout(() => resolve("no answer"), ms);
  });
  return Promise.race([work.then((value) => ({ value }), (error: unknown) => ({ error })), bound]).finally(() => clearTimeout(timer));
}

/** Opens a transaction on its own connection that runs `first` and then stays open until released. */
async function holdOpen(db: Db, first: (tx: Db) => Promise<unknown>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const done = db.transaction(async (tx) => {
    await first(tx);
    ready();
    await released;
  });
  await Promise.race([isReady, done]);
  return {
    async release() {
      release();
      await done;
    },
  };
}

async function withDatabase(options: TestDatabaseOptions, test: (db: Db) => Promise<void>) {
  const database = await createTestDatabase(options);
  try {
    await test(database.db);
  } finally {
    await database.close();
  }
}

async function setting(db: Db, name: string): Promise<string> {
  return rowsOf<{ value: string }>(await db.execute(sql`select current_setting(${name}) as value`))[0]!.value;
}

/** The setting on each of `connections` pool connections at once (each is taken for a moment, together). */
async function settingOnEveryConnection(db: Db, name: string, connections: number): Promise<string[]> {
  let arrived = 0;
  let everyone!: () => void;
  const allHere = new Promise<void>((resolve) => (everyone = resolve));
  return Promise.all(
    Array.from({ length: connections }, () =>
      db.transaction(async (tx) => {
        const value = await setting(tx, name);
        if (++arrived === connections) everyone();
        await allHere;
        return value;
      }),
    ),
  );
}

describe.runIf(testEngine === "postgres")("time limits on PostgreSQL", () => {
  it("every connection of the pool carries the site's statement, lock and idle-in-transaction limits", async () => {
    await withDatabase({}, async (db) => {
      expect(await setting(db, "statement_timeout")).toBe("10s");
      expect(await setting(db, "lock_timeout")).toBe("3s");
      expect(await setting(db, "idle_in_transaction_session_timeout")).toBe("30s");
    });
    await withDatabase({ timeLimits: { statementTimeoutMs: 7_000, lockTimeoutMs: 1_500, idleInTransactionTimeoutMs: 20_000 } }, async (db) => {
      expect(await setting(db, "statement_timeout")).toBe("7s");
      expect(await setting(db, "lock_timeout")).toBe("1500ms");
      expect(await setting(db, "idle_in_transaction_session_timeout")).toBe("20s");
    });
  });

  it("a row lock held elsewhere for longer than lock_timeout ends the wait with a busy error", async () => {
    await withDatabase({ timeLimits: { lockTimeoutMs: 300 } }, async (db) => {
      await db.execute(sql`create table waiting_room (id int primary key)`);
      await db.execute(sql`insert into waiting_room values (1)`);
      const holder = await holdOpen(db, (tx) => tx.execute(sql`select id from waiting_room where id = 1 for update`));
      try {
        const outcome = await within(db.execute(sql`select id from waiting_room where id = 1 for update`), 5_000);
        expect(outcome).not.toBe("no answer");
        expect(outcome).toHaveProperty("error");
        expect(isDatabaseBusy((outcome as { error: unknown }).error)).toBe(true);
      } finally {
        await holder.release();
      }
    });
  });

  it("a statement running longer than statement_timeout is cancelled with a busy error", async () => {
    await withDatabase({ timeLimits: { statementTimeoutMs: 300, lockTimeoutMs: 200 } }, async (db) => {
      const outcome = await within(db.execute(sql`select pg_sleep(3)`), 5_000);
      expect(outcome).toHaveProperty("error");
      expect(isDatabaseBusy((outcome as { error: unknown }).error)).toBe(true);
    });
  });

  it("a query that finds every pool connection taken gives up after the pool timeout with a busy error", async () => {
    await withDatabase({ poolSize: 1, timeLimits: { poolTimeoutMs: 300 } }, async (db) => {
      const holder = await holdOpen(db, (tx) => tx.execute(sql`select 1`));
      try {
        const outcome = await within(db.execute(sql`select 1`), 5_000);
        expect(outcome).toHaveProperty("error");
        expect(isDatabaseBusy((outcome as { error: unknown }).error)).toBe(true);
      } finally {
        await holder.release();
      }
      // The connection is back: the pool serves again.
      expect(await within(db.execute(sql`select 1`), 5_000)).toHaveProperty("value");
    });
  });

  it("migrations wait for another instance's migrations past every limit, then leave the limits in place", async () => {
    const database = await createTestDatabase({ poolSize: 2, timeLimits: { statementTimeoutMs: 400, lockTimeoutMs: 200 } });
    try {
      // Another instance is migrating: it holds the migrations' advisory lock for longer than both limits.
      const other = await holdOpen(database.db, (tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('ukrelocate:migrations'))`));
      const migrating = migrateDatabase(database);
      const releasing = new Promise<void>((resolve) => setTimeout(() => void other.release().then(resolve), 1_000));
      const outcome = await within(migrating, 10_000);
      await releasing;
      expect(outcome).toEqual({ value: undefined });
      // Including the connection the migrations ran on.
      expect(await settingOnEveryConnection(database.db, "lock_timeout", 2)).toEqual(["200ms", "200ms"]);
      expect(await settingOnEveryConnection(database.db, "statement_timeout", 2)).toEqual(["400ms", "400ms"]);
    } finally {
      await database.close();
    }
  });
});
