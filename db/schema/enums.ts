// Allowed values of the database's text enums. Plain constants (no ORM import), so
// browser code can share them.

export const preferredContactValues = ["email", "phone", "whatsapp"] as const;
export const seminarBookingStatuses = ["pending", "confirmed", "cancelled", "refunded"] as const;
export const consultationStatuses = ["pending", "confirmed", "completed", "closed", "cancelled", "refunded"] as const;
export const consultationTypes = ["paid", "free"] as const;
export const preferredTimes = ["morning", "afternoon", "evening"] as const;
export const blogPostStatuses = ["draft", "published"] as const;
export const emailStatuses = ["queued", "sending", "sent", "failed"] as const;
export const checkoutStatuses = ["open", "paid", "expired"] as const;
export const bookingKinds = ["seminar", "consultation"] as const;
/** Who moved the money: a provider's checkout, or staff recording a payment made outside the site. */
export const ledgerProviders = ["stripe", "payfast", "test", "manual"] as const;
/** Who runs a checkout page (docs/decisions/005; PayFast: issue 18). */
export const checkoutProviders = ["stripe", "payfast", "test"] as const;
export const ledgerEntryTypes = ["payment", "refund"] as const;
export const refundStatuses = ["pending", "succeeded", "failed"] as const;
/**
 * A place on a full seminar's waitlist: waiting in line; offered seats (held for them until the
 * offer lapses); booked (the offer was claimed); lapsed (the offer ran out unclaimed); withdrawn
 * (by the person or by staff). Never deleted.
 */
export const waitlistStatuses = ["waiting", "offered", "booked", "lapsed", "withdrawn"] as const;

export type PreferredContact = (typeof preferredContactValues)[number];
export type SeminarBookingStatus = (typeof seminarBookingStatuses)[number];
export type ConsultationStatus = (typeof consultationStatuses)[number];
export type ConsultationType = (typeof consultationTypes)[number];
export type PreferredTime = (typeof preferredTimes)[number];
export type CheckoutStatus = (typeof checkoutStatuses)[number];
export type BookingKind = (typeof bookingKinds)[number];
export type LedgerProvider = (typeof ledgerProviders)[number];
export type LedgerEntryType = (typeof ledgerEntryTypes)[number];
export type RefundStatus = (typeof refundStatuses)[number];
export type CheckoutProvider = (typeof checkoutProviders)[number];
export type WaitlistStatus = (typeof waitlistStatuses)[number];
