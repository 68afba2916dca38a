import { minifySync } from "vite";
import { describe, expect, it } from "vitest";
import { APP_STARTER_SOURCE, INERT_APP_SCRIPT_TYPE, isStartOnInputHandle, startOnInputHandle } from "./app-start.ts";

describe("the starter", () => {
  it("parses as it is written and as the build minifies it", () => {
    const minified = minifySync("app-starter.js", APP_STARTER_SOURCE);
    expect(minified.errors).toEqual([]);
    expect(minified.code.length).toBeLessThan(APP_STARTER_SOURCE.length * 0.75);
    for (const script of [APP_STARTER_SOURCE, minified.code]) {
      expect(() => new Function(script)).not.toThrow();
      expect(script).toContain(`script[type="${INERT_APP_SCRIPT_TYPE}"]`);
    }
  });

  it("works out a part's style in its idle moment and leaves the layout to the next frame, also once minified", () => {
    // A read with no use: a minifier that dropped it would leave the style to the frame as well (docs/decisions/046).
    const minified = minifySync("app-starter.js", APP_STARTER_SOURCE).code;
    for (const script of [APP_STARTER_SOURCE, minified]) {
      expect(script).toMatch(/getComputedStyle\(\w+\)\.color/);
      expect(script).not.toContain("getBoundingClientRect");
    }
  });
});

describe("isStartOnInputHandle", () => {
  it("is true only for a handle that opts in", () => {
    expect(isStartOnInputHandle({ sharedRender: true, ...startOnInputHandle })).toBe(true);
    expect(isStartOnInputHandle({ sharedRender: true })).toBe(false);
    expect(isStartOnInputHandle(undefined)).toBe(false);
    expect(isStartOnInputHandle({ startOnInput: "yes" })).toBe(false);
  });
});
