import { describe, expect, it } from "vitest";
import { INERT_APP_SCRIPT_TYPE, isStartOnInputHandle, startingOnInput, startOnInputHandle } from "./app-start.ts";

// React Router's scripts at the end of a page's body, as React renders them.
const scripts = (nonce: string) =>
  `<script nonce="${nonce}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${nonce}" type="module" async="">import * as route0 from "/assets/root-a.js";\nimport("/assets/entry.client-b.js");</script>` +
  `<script nonce="${nonce}">(() => {})();</script>`;

describe("startingOnInput", () => {
  it("makes React Router's module script an inert data block, keeping its nonce and text", () => {
    const page = startingOnInput(scripts("abc+/="));
    expect(page).toContain(`<script nonce="abc+/=" type="${INERT_APP_SCRIPT_TYPE}">import * as route0 from "/assets/root-a.js";`);
    expect(page).not.toContain('type="module"');
    expect(page).not.toContain("async");
    // The classic scripts (the router's data, the starter) still run as they are.
    expect(page).toContain('<script nonce="abc+/=">window.__reactRouterContext = {};</script>');
    expect(page).toContain('<script nonce="abc+/=">(() => {})();</script>');
  });

  it("works without a nonce (no Content-Security-Policy), and leaves a page without the module script alone", () => {
    expect(startingOnInput('<script type="module" async="">import("/x.js");</script>')).toBe(`<script type="${INERT_APP_SCRIPT_TYPE}">import("/x.js");</script>`);
    expect(startingOnInput("<p>No scripts</p>")).toBe("<p>No scripts</p>");
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
