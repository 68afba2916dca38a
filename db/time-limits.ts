/**
 * How long PostgreSQL may make a request wait (docs/decisions/018). Each wait that runs out
 * ends in an error db/busy.ts recognises, and the visitor is told "busy" instead of waiting
 * for ever. PGlite runs one statement at a time in this process and cannot cancel one: there
 * only the health check's wait is bounded (Database.answers).
 */
export type TimeLimits = {
  /** statement_timeout: the longest one statement may run, waits included. */
  statementTimeoutMs: number;
  /** lock_timeout: the longest a statement waits for a row, table or advisory lock. */
  lockTimeoutMs: number;
  /** idle_in_transaction_session_timeout: a transaction left open this long, doing nothing, is ended (and its locks freed). */
  idleInTransactionTimeoutMs: number;
  /** The longest a query waits for a free connection of the pool (or for a new one to open). */
  poolTimeoutMs: number;
};

/** Queries take milliseconds; a lock is held for one booking's few statements (pretix waits 3 s for its locks). */
export const DEFAULT_TIME_LIMITS: TimeLimits = { statementTimeoutMs: 10_000, lockTimeoutMs: 3_000, idleInTransactionTimeoutMs: 30_000, poolTimeoutMs: 5_000 };

export const DEFAULT_POOL_SIZE = 10;
