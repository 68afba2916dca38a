import { describe, expect, it } from "vitest";
import { phasesOf } from "./render.ts";

const url = "http://127.0.0.1:4000/events";
const event = (name: string, dur: number, thread = 1, args: Record<string, unknown> = {}) => ({ name, ph: "X", pid: 7, tid: thread, ts: 0, dur, args });

describe("phasesOf", () => {
  it("sums each phase on the thread that parsed the page, in milliseconds", () => {
    const events = [
      event("ParseHTML", 4000, 1, { beginData: { url } }),
      event("ParseHTML", 1500, 1, { beginData: { url } }),
      event("UpdateLayoutTree", 2000),
      event("Layout", 3000),
      event("Layout", 500),
      event("PrePaint", 250),
      event("Paint", 750),
      event("ParseAuthorStyleSheet", 1200),
      // Another page's renderer, and an instant event: neither counts.
      event("Layout", 90_000, 2),
      { ...event("Layout", 80_000), ph: "I" },
    ];
    expect(phasesOf(events, url)).toEqual({ "parse HTML": 5.5, "parse CSS": 1.2, style: 2, layout: 3.5, paint: 1 });
  });

  it("refuses a trace in which the page was never parsed", () => {
    expect(() => phasesOf([event("Layout", 1000)], url)).toThrow(/No HTML parse/);
  });
});
