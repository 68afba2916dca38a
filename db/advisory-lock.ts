import type pg from "pg";
import type { Database } from "./client.ts";

// Work that must not run twice at once, whichever server instance starts it (start-up work
// such as creating the ADMIN_EMAIL account). On PostgreSQL a session advisory lock makes
// every instance on the database take turns; on PGlite, which one process owns, a queue in
// the process does (docs/decisions/020-several-instances.md).

const queues = new Map<string, Promise<unknown>>();

/** Runs `work` while no other holder of `name` runs: across instances on PostgreSQL, within the process on PGlite. */
export async function withAdvisoryLock<T>(database: Database, name: string, work: () => Promise<T>): Promise<T> {
  if (database.kind === "pglite") {
    const before = queues.get(name) ?? Promise.resolve();
    const turn = before.then(work, work);
    const settled = turn.catch(() => undefined);
    queues.set(name, settled);
    try {
      return await turn;
    } finally {
      if (queues.get(name) === settled) queues.delete(name);
    }
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query("select pg_advisory_lock(hashtext($1))", [`ukrelocate:${name}`]);
    return await work();
  } finally {
    // A connection that cannot unlock is dropped, which ends its session and so its lock.
    await client.query("select pg_advisory_unlock(hashtext($1))", [`ukrelocate:${name}`]).catch(() => (broken = true));
    client.release(broken);
  }
}
