import pg from "pg";

// The PostgreSQL server the journeys that need one use (time limits, kill -9): DATABASE_URL's,
// or PGHOST/PGPORT/PGUSER's, by default postgres://postgres@127.0.0.1:5432. Each journey makes
// its own throwaway database on it.

const { DATABASE_URL, PGUSER = "postgres", PGHOST = "127.0.0.1", PGPORT = "5432" } = process.env;
export const postgresServer = DATABASE_URL || `postgres://${PGUSER}@${PGHOST}:${PGPORT}/postgres`;

/** The address of database `name` on that server. */
export function postgresUrlFor(name: string): string {
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server (create or drop a database). */
export async function onPostgresServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresServer });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Polls `check` every 100 ms until it holds, or fails naming `what` after `ms`. */
export async function waitFor(check: () => Promise<boolean>, what: () => string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what()}`);
}
