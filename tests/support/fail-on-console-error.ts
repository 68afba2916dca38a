import { afterEach, beforeEach, vi } from "vitest";

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
