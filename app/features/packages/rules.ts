import type { Package } from "~/content/types.ts";

/** Where 'Select Package' leads: the paid consultation form, told which package (docs/product.md §2.6). */
export function packageBookingHref(id: Package["id"]): string {
  return `/consultations/book?${new URLSearchParams({ package: id }).toString()}`;
}

/** Where 'Book a Private Consultation' leads. */
export const CONSULTATIONS_HREF = "/consultations";
