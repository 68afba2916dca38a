import { linkSigner } from "~/features/admin-auth/service.server.ts";
import type { Settings } from "~/lib/env.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import type { Db } from "#db/client.ts";
import { serveWaitlist, type WaitlistRuntime } from "./offers.server.ts";

/** What serving a waitlist needs, from the site's settings: the claim links are signed with the site's key. */
export function waitlistRuntime(settings: Settings): WaitlistRuntime {
  return { siteUrl: settings.siteUrl, offerHours: settings.seminars.waitlistOfferHours, signer: linkSigner(settings) };
}

/**
 * Seats just freed or added (staff cancelled a booking or raised capacity, a customer cancelled
 * a seat) go to the seminar's waitlist now; a failure is logged and the sweeper's next pass
 * (a minute at most, server/jobs.ts) serves the line instead.
 */
export async function serveWaitlistNow(db: Db, settings: Settings, seminarId: string): Promise<void> {
  try {
    await serveWaitlist(db, seminarId, waitlistRuntime(settings));
  } catch (error) {
    log.warn("Could not serve the waitlist after seats were freed", { seminarId, ...errorFields(error) });
  }
}
