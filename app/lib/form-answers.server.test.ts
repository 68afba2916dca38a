import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { failureAnswer } from "./form-answers.server.ts";

// A form sent while the database was too busy to take it (docs/decisions/018): 503, a
// Retry-After, the busy words and everything typed, never the database's own text.

const BUSY = "We're busy right now, so nothing was saved. Please try again in a moment.";

/** An error as node-postgres raises it for a PostgreSQL error code. */
function postgresError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: "ERROR" });
}

const busyErrors: Array<[what: string, error: unknown]> = [
  ["a lock wait that ran out (55P03, lock_timeout)", postgresError("55P03", "canceling statement due to lock timeout")],
  ["a statement that ran out of time (57014, statement_timeout)", postgresError("57014", "canceling statement due to statement timeout")],
  ["no pool connection in time", new Error("timeout exceeded when trying to connect")],
  [
    "a lock wait as Drizzle wraps it",
    new DrizzleQueryError('select "id" from "seminars" where "id" = $1 for update', ["x"], postgresError("55P03", "canceling statement due to lock timeout")),
  ],
];

describe("failureAnswer when the database is busy", () => {
  it.each(busyErrors)("%s: 503 with Retry-After, the busy words and the values sent", (_what, error) => {
    const answer = failureAnswer(error, { values: { firstName: "Thandi", email: "thandi@example.com" }, tags: { intent: "book" } });
    expect(answer.init?.status).toBe(503);
    expect(Number(new Headers(answer.init?.headers).get("Retry-After"))).toBeGreaterThan(0);
    expect(answer.data).toEqual({ ok: false, message: BUSY, fieldErrors: {}, values: { firstName: "Thandi", email: "thandi@example.com" }, intent: "book" });
    expect(JSON.stringify(answer.data)).not.toMatch(/canceling|timeout|seminars|for update/);
  });

  it("still answers anything else as our own failure (500)", () => {
    const answer = failureAnswer(postgresError("23505", "duplicate key value violates unique constraint"), { values: { firstName: "Thandi" } });
    expect(answer.init?.status).toBe(500);
    expect(answer.data.message).toBe("Sorry, something went wrong on our side and nothing was saved. Please try again.");
  });
});
