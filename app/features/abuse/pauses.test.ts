import { describe, expect, it } from "vitest";
import { pauseAfter, waitText, type FailurePause } from "./pauses.ts";

const rule: FailurePause = { name: "test", freeFailures: 5, pausesSeconds: [60, 300, 900], forgetAfterSeconds: 86_400 };

describe("pauseAfter", () => {
  it("lets the free failures through, then grows with each further failure up to the last pause", () => {
    expect([0, 1, 4, 5, 6, 7, 8, 50].map((failures) => pauseAfter(rule, failures))).toEqual([0, 0, 0, 60, 300, 900, 900, 900]);
  });
});

describe("waitText", () => {
  it("rounds up to whole minutes and says an hour as one", () => {
    expect([1, 59, 60, 61, 300, 899, 3600, 7200].map(waitText)).toEqual(["1 minute", "1 minute", "1 minute", "2 minutes", "5 minutes", "15 minutes", "1 hour", "2 hours"]);
  });
});
