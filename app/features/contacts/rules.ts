import { preferredContactOptions } from "./schema.ts";

// How a contact is named and shown, wherever staff see one (browser-safe).

/** "Thandi Nkosi", or the fallback label when a name is missing (docs/product.md §10.5). */
export function contactName(contact: { firstName?: string | null; lastName?: string | null } | null | undefined, fallback = "Unknown User"): string {
  const name = [contact?.firstName, contact?.lastName].map((part) => part?.trim() ?? "").filter(Boolean).join(" ");
  return name || fallback;
}

/** "WhatsApp" for "whatsapp"; an unknown value is shown as it is. */
export function preferredContactLabel(value: string): string {
  return preferredContactOptions.find((option) => option.value === value)?.label ?? value;
}

/**
 * What an anonymised contact keeps of a name, so every list shows "Deleted contact"
 * (docs/decisions/016-erasure-by-anonymisation.md).
 */
export const ANONYMISED_NAME = { firstName: "Deleted", lastName: "contact" } as const;

/**
 * The e-mail an anonymised contact (and their bookings) keeps: unique per contact (users has a
 * unique index on lower(email)), on the reserved .invalid top-level domain, so it can never be
 * delivered, and without a dot in the domain, so no form accepts it: a visitor typing it cannot
 * reach the anonymised record.
 */
export function anonymisedEmail(contactId: string): string {
  return `deleted-${contactId}@invalid`;
}

/** The contact asked to be forgotten: their details are gone, the record stays for its bookings and payments. */
export function isAnonymised(contact: { anonymisedAt?: Date | string | null }): boolean {
  return contact.anonymisedAt !== null && contact.anonymisedAt !== undefined;
}
