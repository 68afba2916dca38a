// What the database refused, read from an error however the driver wrapped it: Drizzle wraps
// node-postgres' and PGlite's errors (a "Failed query" whose cause is the database's own), and
// both carry PostgreSQL's SQLSTATE `code` and, for a constraint, its name.

export type DatabaseRefusal = { code: string; constraint?: string; message: string };

/** The database error behind `error` (itself or a cause), if there is one. */
export function databaseRefusal(error: unknown): DatabaseRefusal | undefined {
  for (let current = error; typeof current === "object" && current !== null; current = (current as { cause?: unknown }).cause) {
    const { code, constraint, message } = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : undefined, message: typeof message === "string" ? message : "" };
    }
  }
  return undefined;
}

/**
 * The database refused a row for this constraint: `code` is its SQLSTATE (23505 unique, 23P01
 * exclusion). Where the driver does not name the constraint, its name in the message counts.
 */
export function violates(error: unknown, code: string, constraint?: string): boolean {
  const refusal = databaseRefusal(error);
  if (!refusal || refusal.code !== code) return false;
  return constraint === undefined || refusal.constraint === constraint || (refusal.constraint === undefined && refusal.message.includes(constraint));
}
