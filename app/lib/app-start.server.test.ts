import { describe, expect, it } from "vitest";
import { INERT_APP_SCRIPT_TYPE } from "./app-start.ts";
import { startingOnInput, startVersion } from "./app-start.server.ts";

// React Router's scripts at the end of a page's body, as React renders them, then the starter.
const scripts = (nonce: string) =>
  `<script nonce="${nonce}">window.__reactRouterContext = {};window.__reactRouterContext.stream = new ReadableStream();</script>` +
  `<script nonce="${nonce}" type="module" async="">import * as route0 from "/assets/root-a.js";\nimport("/assets/entry.client-b.js");</script>` +
  `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2}]\\n");</script>` +
  `<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script>` +
  `<script nonce="${nonce}">(() => {})();</script>`;

describe("startingOnInput", () => {
  it("takes React Router's scripts out of the page, in order, and leaves the two React hydrates empty", () => {
    const started = startingOnInput(`<main>Text</main>${scripts("abc+/=")}`);
    const version = started?.start.version;
    expect(version).toMatch(/^[\w-]{16}$/);
    expect(started?.html).toBe(
      `<main>Text</main><script nonce="abc+/="></script><script nonce="abc+/=" type="${INERT_APP_SCRIPT_TYPE}" data-start="${version}"></script><script nonce="abc+/=">(() => {})();</script>`,
    );
    expect(started?.start).toEqual({
      version,
      scripts: [
        "window.__reactRouterContext = {};window.__reactRouterContext.stream = new ReadableStream();",
        'window.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2}]\\n");',
        "window.__reactRouterContext.streamController.close();",
      ],
      module: 'import * as route0 from "/assets/root-a.js";\nimport("/assets/entry.client-b.js");',
    });
  });

  it("works without a nonce (no Content-Security-Policy), and leaves a page without the module script alone", () => {
    const version = startVersion([], 'import("/x.js");');
    expect(startingOnInput('<script type="module" async="">import("/x.js");</script>')).toEqual({
      html: `<script type="${INERT_APP_SCRIPT_TYPE}" data-start="${version}"></script>`,
      start: { version, scripts: [], module: 'import("/x.js");' },
    });
    expect(startingOnInput("<p>No scripts</p>")).toBeUndefined();
  });
});

describe("startVersion", () => {
  it("names the same start alike, and another start otherwise", () => {
    const data = ['window.__reactRouterContext.streamController.enqueue("[28]");'];
    expect(startVersion(data, "import('/a.js');")).toBe(startVersion([...data], "import('/a.js');"));
    expect(startVersion(['window.__reactRouterContext.streamController.enqueue("[27]");'], "import('/a.js');")).not.toBe(startVersion(data, "import('/a.js');"));
    expect(startVersion(data, "import('/b.js');")).not.toBe(startVersion(data, "import('/a.js');"));
    // Where one script ends and the next begins counts.
    expect(startVersion(["ab", "c"], "")).not.toBe(startVersion(["a", "bc"], ""));
  });
});

