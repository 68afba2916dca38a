import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, withRequestId } from "./log.server.ts";

function memoryLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger(stream), lines };
}

describe("the logger", () => {
  it("writes one JSON object per line with level, time and message", () => {
    const { logger, lines } = memoryLogger();
    logger.info({ seminarId: "s1" }, "Seat held");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "info", msg: "Seat held", seminarId: "s1" });
    expect(typeof lines[0]?.time).toBe("string");
  });

  it("tags every line written while serving a request with its id, and only those", async () => {
    const { logger, lines } = memoryLogger();
    await withRequestId("req-42", async () => {
      await Promise.resolve();
      logger.warn("inside");
    });
    logger.warn("outside");
    expect(lines[0]).toMatchObject({ msg: "inside", requestId: "req-42" });
    expect(lines[1]).not.toHaveProperty("requestId");
  });

  it("never writes passwords, tokens or cookies, even when passed by mistake", () => {
    const { logger, lines } = memoryLogger();
    logger.error({ password: "hunter2hunter2", token: "tok_123", user: { password: "p", cookie: "sid=1" } }, "oops");
    const text = JSON.stringify(lines[0]);
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("tok_123");
    expect(text).not.toContain("sid=1");
    expect(lines[0]).toMatchObject({ password: "[redacted]", user: { password: "[redacted]" } });
  });
});

describe("errorFields", () => {
  it("describes errors, error responses and anything else thrown without [object Object]", async () => {
    const { errorFields } = await import("./log.server.ts");
    expect(errorFields(new TypeError("bad"))).toEqual({ error: "bad", errorName: "TypeError" });
    expect(errorFields(new Response(null, { status: 403, statusText: "Forbidden" }))).toEqual({ error: "Forbidden", status: 403 });
    expect(errorFields({ status: 400, statusText: "", data: "x" })).toEqual({ error: "error response", status: 400 });
    expect(errorFields("plain")).toEqual({ error: "plain" });
  });

  it("keeps a failed query's statement and the database's reason, never its parameters", async () => {
    const { errorFields } = await import("./log.server.ts");
    const { DrizzleQueryError } = await import("drizzle-orm/errors");
    const cause = new Error('duplicate key value violates unique constraint "users_email_unique"');
    const failed = new DrizzleQueryError('insert into "users" ("email", "phone") values ($1, $2)', ["thandi.nkosi@example.co.za", "+27 82 555 0100"], cause);
    const fields = errorFields(failed);
    expect(fields).toEqual({
      error: 'Failed query: insert into "users" ("email", "phone") values ($1, $2)',
      errorName: "Error",
      cause: 'duplicate key value violates unique constraint "users_email_unique"',
    });
    expect(JSON.stringify(fields)).not.toMatch(/thandi|555/);
  });
});
