import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { withBusyAnswers } from "./busy.server.ts";

// Every route's loader, action and middleware answer a busy database the same way: a 503
// with Retry-After and the busy words, which the nearest error page shows (docs/decisions/018).

const lockTimeout = Object.assign(new Error("canceling statement due to lock timeout"), { code: "55P03" });
const bug = new TypeError("undefined is not a function");
const redirect = new Response(null, { status: 302, headers: { Location: "/events" } });

function buildWith(module: Record<string, unknown>): ServerBuild {
  return { routes: { "routes/public/events": { id: "routes/public/events", path: "events", module } } } as unknown as ServerBuild;
}

async function thrownBy(work: () => unknown): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

type Module = { loader: (args: unknown) => unknown; action: (args: unknown) => unknown; middleware: Array<(args: unknown, next: unknown) => unknown>; default: unknown };

describe("withBusyAnswers", () => {
  const component = () => null;
  const wrapped = withBusyAnswers(
    buildWith({
      default: component,
      loader: () => Promise.reject(lockTimeout),
      action: () => {
        throw lockTimeout;
      },
      middleware: [() => Promise.reject(lockTimeout)],
    }),
  ).routes["routes/public/events"]!.module as unknown as Module;

  it.each([
    ["a loader", () => wrapped.loader({})],
    ["an action", () => wrapped.action({})],
    ["a middleware", () => wrapped.middleware[0]!({}, () => undefined)],
  ])("turns a busy database in %s into 503, Retry-After and the busy words", async (_what, call) => {
    const thrown = await thrownBy(call);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await response.text()).toBe("We're busy right now, so nothing was saved. Please try again in a moment.");
  });

  it("passes everything else through untouched: values, redirects and bugs", async () => {
    const passing = withBusyAnswers(buildWith({ loader: () => ({ seminars: 3 }), action: () => Promise.reject(redirect), middleware: [() => Promise.reject(bug)] }))
      .routes["routes/public/events"]!.module as unknown as Module;
    expect(await passing.loader({})).toEqual({ seminars: 3 });
    expect(await thrownBy(() => passing.action({}))).toBe(redirect);
    expect(await thrownBy(() => passing.middleware[0]!({}, () => undefined))).toBe(bug);
    expect(wrapped.default).toBe(component);
  });

  it("leaves a module without handlers as it was", () => {
    const module = withBusyAnswers(buildWith({ default: component })).routes["routes/public/events"]!.module;
    expect(module).toEqual({ default: component });
  });
});
