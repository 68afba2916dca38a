import { linkSigner } from "~/features/admin-auth/service.server.ts";
import type { Settings } from "~/lib/env.server.ts";
import type { WaitlistRuntime } from "./offers.server.ts";

/** What serving a waitlist needs, from the site's settings: the claim links are signed with the site's key. */
export function waitlistRuntime(settings: Settings): WaitlistRuntime {
  return { siteUrl: settings.siteUrl, offerHours: settings.seminars.waitlistOfferHours, signer: linkSigner(settings) };
}
