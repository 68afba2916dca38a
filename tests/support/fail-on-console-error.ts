import { afterEach, beforeEach, vi } from "vitest";
import { setLogLevel } from "~/lib/log.server.ts";

// Server logs are for operators; tests keep quiet unless LOG_LEVEL asks otherwise.
setLogLevel((process.env.LOG_LEVEL as Parameters<typeof setLogLevel>[0] | undefined) ?? "silent");

// A test that makes the code print console.error fails: errors are not noise.
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) {
    const printed = errors.map((args) => args.map(String).join(" ")).join("\n");
    throw new Error(`console.error was called during the test:\n${printed}`);
  }
});
