import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { databaseBusyReason, isDatabaseBusy } from "./busy.ts";

function postgresError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: "ERROR" });
}

describe("isDatabaseBusy", () => {
  it("recognises a lock wait or a statement cut short, and a pool that had no connection in time", () => {
    expect(isDatabaseBusy(postgresError("55P03", "canceling statement due to lock timeout"))).toBe(true);
    expect(isDatabaseBusy(postgresError("55P03", 'could not obtain lock on row in relation "seminars"'))).toBe(true);
    expect(isDatabaseBusy(postgresError("57014", "canceling statement due to statement timeout"))).toBe(true);
    expect(isDatabaseBusy(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseBusy(new Error("Connection terminated due to connection timeout", { cause: new Error("connect ETIMEDOUT") }))).toBe(true);
  });

  it("names the wait that ran out, for the logs", () => {
    expect(databaseBusyReason(postgresError("55P03", "canceling statement due to lock timeout"))).toBe("lock-timeout");
    expect(databaseBusyReason(postgresError("57014", "canceling statement due to statement timeout"))).toBe("statement-timeout");
    expect(databaseBusyReason(new Error("timeout exceeded when trying to connect"))).toBe("pool-timeout");
    expect(databaseBusyReason(new Error("boom"))).toBeUndefined();
  });

  it("looks through Drizzle's wrapper to the driver's error", () => {
    const wrapped = new DrizzleQueryError("select 1", [], postgresError("57014", "canceling statement due to statement timeout"));
    expect(isDatabaseBusy(wrapped)).toBe(true);
    expect(isDatabaseBusy(new DrizzleQueryError("select 1", [], postgresError("23505", "duplicate key")))).toBe(false);
  });

  it("leaves every other failure alone: it is a bug or a refusal, not a busy database", () => {
    for (const error of [postgresError("23505", "duplicate key"), postgresError("40P01", "deadlock detected"), new Error("timeout"), "55P03", null, undefined, { code: 55 }]) {
      expect(isDatabaseBusy(error), String(error)).toBe(false);
    }
    const loop: { cause?: unknown; message: string } = { message: "loop" };
    loop.cause = loop;
    expect(isDatabaseBusy(loop)).toBe(false);
  });
});
