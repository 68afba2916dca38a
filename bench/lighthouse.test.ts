import { describe, expect, it } from "vitest";
import { collectRuns, combineRuns, htmlSentCell, median, tbtRunsLine, type RunFigures } from "./lighthouse.ts";

const noFailures = { performance: [], accessibility: [], "best-practices": [], seo: [] };

function run(figures: { perf: number; lcpMs: number; tbtMs: number; failing?: string[]; htmlBytes?: number }): RunFigures {
  return {
    scores: { performance: figures.perf, accessibility: 100, "best-practices": 100, seo: 100 },
    failingAudits: { ...noFailures, performance: figures.failing ?? [] },
    lcpMs: figures.lcpMs,
    tbtMs: figures.tbtMs,
    jsKb: 0,
    htmlBytes: figures.htmlBytes,
    cls: 0,
    cpuIndex: 1500,
  };
}

describe("median", () => {
  it("takes the middle value, the mean of the middle two, and skips runs without the figure", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([undefined, 7])).toBe(7);
    expect(median([undefined])).toBeUndefined();
  });
});

describe("a page's row from its Lighthouse runs", () => {
  it("shows the median of each figure, not the figures of one run", () => {
    // Three runs that tie on performance: the row must not be whichever came second.
    const row = combineRuns("/", [
      run({ perf: 100, lcpMs: 1_620, tbtMs: 10, htmlBytes: 14_700 }),
      run({ perf: 100, lcpMs: 1_380, tbtMs: 60, htmlBytes: 14_455 }),
      run({ perf: 100, lcpMs: 1_450, tbtMs: 40, htmlBytes: 14_500 }),
    ]);
    expect(row.lcpMs).toBe(1_450);
    expect(row.htmlBytes).toBe(14_500);
    expect(row.tbtMs).toBe(40);
    expect(row.scores.performance).toBe(100);
    expect(row.misses).toEqual([]);
    // Beside the median, each run's TBT in the order run.
    expect(row.tbtRuns).toEqual([10, 60, 40]);
  });

  it("prints each page's TBT run by run under the table, when there was more than one run", () => {
    expect(tbtRunsLine([{ page: "/", tbtRuns: [10.4, 60, undefined] }, { page: "/events", tbtRuns: [133.2, 0, 46] }])).toBe(
      "  TBT ms of each run, in the order run: / 10, 60, -; /events 133, 0, 46",
    );
    expect(tbtRunsLine([{ page: "/", tbtRuns: [10] }])).toBeUndefined();
  });

  it("misses a target when the median does, naming the audits that failed in any run", () => {
    const row = combineRuns("/", [
      run({ perf: 98, lcpMs: 1_700, tbtMs: 80, failing: ["largest-contentful-paint"] }),
      run({ perf: 99, lcpMs: 1_600, tbtMs: 30, failing: ["largest-contentful-paint", "total-blocking-time"] }),
      run({ perf: 100, lcpMs: 1_400, tbtMs: 20 }),
    ]);
    expect(row.scores.performance).toBe(99);
    expect(row.misses).toEqual(["performance (largest-contentful-paint, total-blocking-time)", "lcpMs over 1500"]);
  });
});

describe("the HTML column", () => {
  it("marks a page whose HTML, headers included, takes more than the first round trip's 14,600 bytes", () => {
    expect(htmlSentCell(14_455)).toBe("14455");
    expect(htmlSentCell(14_600)).toBe("14600");
    expect(htmlSentCell(14_623)).toBe("14623 (2 trips)");
    // A median of two runs falls between whole bytes.
    expect(htmlSentCell(14_476.5)).toBe("14477");
    expect(htmlSentCell(undefined)).toBe("-");
  });
});

describe("a page's runs", () => {
  /** An attempt that fails on the given calls (counted from 1) and otherwise returns its call's number. */
  function attempts(failOn: number[]) {
    let calls = 0;
    return async () => {
      calls += 1;
      if (failOn.includes(calls)) throw new Error(`NO_NAVSTART on call ${calls}`);
      return calls;
    };
  }

  it("are run again after a failure, so the page still gets all its runs", async () => {
    expect(await collectRuns(3, attempts([2]))).toEqual({ results: [1, 3, 4], failures: ["NO_NAVSTART on call 2"] });
  });

  it("stop after two runs more than asked for, with the figures they have", async () => {
    expect(await collectRuns(3, attempts([1, 2, 3, 5]))).toEqual({
      results: [4],
      failures: ["NO_NAVSTART on call 1", "NO_NAVSTART on call 2", "NO_NAVSTART on call 3", "NO_NAVSTART on call 5"],
    });
    expect(await collectRuns(2, attempts([]))).toEqual({ results: [1, 2], failures: [] });
  });
});
