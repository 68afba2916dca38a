// Growing pauses after repeated failures at one thing (one account's password): a few
// failures are free, then each further one makes the next attempt wait longer, up to a cap.
// A pause always ends, so nobody can lock the thing for good by failing at it on purpose.

export type FailurePause = {
  /** The key's prefix in form_rate_limits. */
  name: string;
  /** Failures allowed before the first pause. */
  freeFailures: number;
  /** The pause after the first failure past the free ones, then after each further one; the last repeats. */
  pausesSeconds: readonly [number, ...number[]];
  /** Failures older than this (since the last one) are forgotten. */
  forgetAfterSeconds: number;
};

/** How long the next attempt waits after `failures` failures in a row. */
export function pauseAfter(rule: FailurePause, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  const step = Math.min(failures - rule.freeFailures, rule.pausesSeconds.length - 1);
  return rule.pausesSeconds[step]!;
}

/** "1 minute", "15 minutes", "1 hour": a wait as a visitor reads it (rounded up to the minute). */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes >= 60 && minutes % 60 === 0) return minutes === 60 ? "1 hour" : `${minutes / 60} hours`;
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
