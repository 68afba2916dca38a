// 'Book Consultation' picks the contact it is for (docs/decisions/032), browser-safe: the
// dialog never carries every contact, only CONTACT_CHOICE_LIMIT of them, the newest first or
// those matching what staff typed, fetched again for each search.

/** A contact as the picker offers it. */
export type ContactChoice = { id: string; label: string };

/** Choices in one answer of the picker (and in the list offered without JavaScript). */
export const CONTACT_CHOICE_LIMIT = 20;

/** Where the picker asks for choices (an admin-only resource route). */
export const CONTACT_CHOICES_PATH = "/admin/api/contact-options";

/** The longest search the picker sends. */
export const CONTACT_CHOICE_SEARCH_MAX = 100;

/** "Thandi Nkosi (thandi@example.co.za)"; a contact without a name reads "Unknown User (…)". */
export function contactChoiceLabel(contact: { firstName: string; lastName: string; email: string }): string {
  return `${`${contact.firstName} ${contact.lastName}`.trim() || "Unknown User"} (${contact.email})`;
}
