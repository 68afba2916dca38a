import { describe, expect, it } from "vitest";
import { blockingAsLighthouseCounts, workOf } from "./render.ts";

const url = "http://127.0.0.1:4000/events";
const event = (name: string, dur: number, { thread = 1, ts = 0, args = {} }: { thread?: number; ts?: number; args?: Record<string, unknown> } = {}) => ({
  name,
  ph: "X",
  pid: 7,
  tid: thread,
  ts,
  dur,
  args,
});
const parse = (dur: number, ts: number) => event("ParseHTML", dur, { ts, args: { beginData: { url } } });

describe("workOf", () => {
  it("sums each phase of the first render on the thread that parsed the page, in milliseconds, and what was drawn in idle moments apart", () => {
    const events = [
      parse(4000, 10),
      parse(1500, 20),
      event("UpdateLayoutTree", 2000, { ts: 30 }),
      event("Layout", 3000, { ts: 40 }),
      event("Layout", 500, { ts: 50 }),
      event("PrePaint", 250, { ts: 60 }),
      event("Paint", 750, { ts: 70 }),
      event("ParseAuthorStyleSheet", 1200, { ts: 80 }),
      // Another page's renderer, and an instant event: neither counts.
      event("Layout", 90_000, { thread: 2, ts: 90 }),
      { ...event("Layout", 80_000, { ts: 95 }), ph: "I" },
      // Another renderer's idle moment does not end this page's first render.
      event("FireIdleCallback", 100, { thread: 2, ts: 500 }),
      // Two idle tasks that draw a part each (the first from its start, before its idle callback), and their paint.
      event("RunTask", 9000, { ts: 2000 }),
      event("UpdateLayoutTree", 3000, { ts: 2001 }),
      event("FireIdleCallback", 5000, { ts: 3001 }),
      event("Layout", 5000, { ts: 3002 }),
      event("RunTask", 4000, { ts: 12_000 }),
      event("FireIdleCallback", 4000, { ts: 12_000 }),
      event("Layout", 2500, { ts: 12_001 }),
      event("RunTask", 1000, { ts: 16_500 }),
      event("Paint", 1000, { ts: 16_500 }),
    ];
    expect(workOf(events, url)).toEqual({
      firstRender: { "parse HTML": 5.5, "parse CSS": 1.2, style: 2, layout: 3.5, paint: 1 },
      drawnWhenIdle: 11.5,
      longestTaskWhenIdle: 9,
      // Every idle task is under 12.5 ms: none blocks once slowed four times.
      blockingWhenIdle: 0,
    });
  });

  it("counts everything as the first render when the page had no idle moment", () => {
    const events = [parse(4000, 10), event("RunTask", 30_000, { ts: 5000 }), event("Layout", 20_000, { ts: 5001 })];
    expect(workOf(events, url)).toMatchObject({ firstRender: { layout: 20 }, drawnWhenIdle: 0, longestTaskWhenIdle: 0 });
  });

  it("counts of the idle tasks what Lighthouse's TBT would: each four times slower, past 50 ms", () => {
    // 12.5 ms slowed is 50, not over; 20 ms is 80, 30 over; 40 ms is 160, 110 over.
    expect(blockingAsLighthouseCounts([9.9, 12.5, 20, 40])).toBe(140);
    expect(blockingAsLighthouseCounts([])).toBe(0);
  });

  it("refuses a trace in which the page was never parsed", () => {
    expect(() => workOf([event("Layout", 1000)], url)).toThrow(/No HTML parse/);
  });
});
