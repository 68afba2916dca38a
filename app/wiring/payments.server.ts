import { consultationPaidItem } from "~/features/consultations/service.server.ts";
import type { PaidItems } from "~/features/payments/service.server.ts";
import { seminarPaidItem } from "~/features/seminars/service.server.ts";

// What a payment completes, for each kind of booking. Payments sit below seminars and
// consultations (docs/decisions/003), so they are told here rather than importing them.

export function paidItems(siteUrl: string): PaidItems {
  return { seminar: seminarPaidItem(siteUrl), consultation: consultationPaidItem(siteUrl) };
}
