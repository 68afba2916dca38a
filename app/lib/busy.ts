import { isRouteErrorResponse } from "react-router";

// What a visitor reads when the database was too busy to answer in time (docs/decisions/018),
// browser-safe so the error pages can say it too.

export const BUSY_MESSAGE = "We're busy right now, so nothing was saved. Please try again in a moment.";

/** Retry-After of a busy answer: the waits it ran into last a few seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export const BUSY_STATUS = 503;

/** Is this route error the "busy" answer (a 503 thrown for a page whose data could not be read in time)? */
export function isBusyError(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === BUSY_STATUS;
}
