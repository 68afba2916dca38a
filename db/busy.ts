// "The database is busy": the errors the site's time limits end a wait with (docs/decisions/018).
// Nothing was written when one of them is thrown (the statement or its whole transaction is
// rolled back), so the visitor can be told so and asked to try again.

/** PostgreSQL's codes for a wait the time limits cut short. */
const BUSY_CODES = new Set([
  // lock_timeout: a row or table lock held elsewhere for too long (also NOWAIT).
  "55P03",
  // statement_timeout (or a cancel request): the statement ran for too long.
  "57014",
]);

/** node-postgres' pool: no connection came free within connectionTimeoutMillis, or a new one took longer. */
const POOL_TIMEOUTS = ["timeout exceeded when trying to connect", "Connection terminated due to connection timeout"];

/** The error, and what it wraps (Drizzle wraps the driver's error as `cause`), outermost first. */
function* causes(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  for (let current = error; current !== undefined && current !== null && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    yield current;
    if (typeof current !== "object") return;
  }
}

/** True when the error (or one it wraps) says the database was too busy to answer in time. */
export function isDatabaseBusy(error: unknown): boolean {
  for (const cause of causes(error)) {
    if (typeof cause !== "object" || cause === null) continue;
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === "string" && BUSY_CODES.has(code)) return true;
    if (typeof message === "string" && POOL_TIMEOUTS.includes(message)) return true;
  }
  return false;
}
