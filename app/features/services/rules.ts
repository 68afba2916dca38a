import { serviceIds } from "~/content/services.ts";
import type { ServiceId } from "~/content/types.ts";

/** The service shown when the URL names none: the first tab. */
export const DEFAULT_SERVICE_ID: ServiceId = "funding";

/** At and above this width the detail panel sits beside the tabs; below it, a full-screen overlay opens (docs/product.md §11.8). */
export const DESKTOP_MEDIA_QUERY = "(min-width: 1024px)";

/** After 'Start My Journey' closes the overlay, wait this long before scrolling to the call to action (docs/product.md §11.8). */
export const OVERLAY_TO_SCROLL_DELAY_MS = 100;

/** The id of the services call-to-action block that 'Start My Journey' leads to. */
export const SERVICES_CTA_ID = "services-cta";

export function isServiceId(value: unknown): value is ServiceId {
  return typeof value === "string" && (serviceIds as readonly string[]).includes(value);
}
