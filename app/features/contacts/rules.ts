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
