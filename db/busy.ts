// "The database is busy": the errors the site's time limits end a wait with (docs/decisions/018).
// Nothing was written when one of them is thrown (the statement or its whole transaction is
// rolled back), so the visitor can be told so and asked to try again.

/** Which wait ran out: a lock, a statement, or the wait for a pool connection. */
export type BusyReason = "lock-timeout" | "statement-timeout" | "pool-timeout";

/** PostgreSQL's codes for a wait the time limits cut short. */
const BUSY_CODES: Record<string, BusyReason> = {
  // lock_timeout: a row, table or advisory lock held elsewhere for too long (also NOWAIT).
  "55P03": "lock-timeout",
  // statement_timeout (or a cancel request): the statement ran for too long.
  "57014": "statement-timeout",
};

/** node-postgres' pool: no connection came free within connectionTimeoutMillis, or a new one took longer to open. */
const POOL_TIMEOUTS = ["timeout exceeded when trying to connect", "Connection terminated due to connection timeout"];

/** The error, and what it wraps (Drizzle wraps the driver's error as `cause`), outermost first. */
function* causes(error: unknown): Generator<object> {
  const seen = new Set<unknown>();
  for (let current = error; typeof current === "object" && current !== null && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    yield current;
  }
}

/** Why the database was too busy to answer in time, or undefined when the error says something else. */
export function databaseBusyReason(error: unknown): BusyReason | undefined {
  for (const cause of causes(error)) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === "string" && Object.hasOwn(BUSY_CODES, code)) return BUSY_CODES[code];
    if (typeof message === "string" && POOL_TIMEOUTS.includes(message)) return "pool-timeout";
  }
  return undefined;
}

/** True when the error (or one it wraps) says the database was too busy to answer in time. */
export function isDatabaseBusy(error: unknown): boolean {
  return databaseBusyReason(error) !== undefined;
}
