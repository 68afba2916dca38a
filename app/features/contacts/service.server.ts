import type { Db } from "#db/client.ts";
import { SYSTEM_ACTOR } from "~/features/activity/rules.ts";
import { recordActivity } from "~/features/activity/service.server.ts";
import { ValidationError } from "~/lib/errors.ts";
import {
  addressesOfOtherContacts,
  anonymiseContactRow,
  deleteContactRow,
  emailTaken,
  findContact,
  findContactByEmail,
  findContactChoices,
  insertContact,
  lockContactRow,
  updateContactRow,
  upsertContactRow,
  type ContactRow,
} from "./queries.server.ts";
import { CONTACT_CHOICE_LIMIT, CONTACT_CHOICE_SEARCH_MAX, contactChoiceLabel, type ContactChoice } from "./choices.ts";
import { searchText } from "~/lib/search-text.ts";
import { DUPLICATE_EMAIL_MESSAGE, type AdminContactInput, type ContactDetails } from "./schema.ts";
import { violates } from "~/lib/db-errors.ts";
import { bookingReference, isRecordId } from "~/lib/ids.ts";

// The contacts feature's public service: the people who book, as every other feature sees
// them. The public forms upsert them; the admin Users screen (features/people) creates,
// edits, deletes and anonymises them through here; the consultations screen picks one from here.

export type { ContactChoice, ContactRow };
export { contactSearchCondition } from "./queries.server.ts";
export type Contact = { id: string; email: string };

/**
 * Finds or creates the contact for a public form, by e-mail (case-insensitive).
 * New contacts are never admins; an existing contact keeps every detail it has, and only
 * gains ones it lacked (docs/product.md §6.2): a visitor cannot rewrite someone else's phone.
 * Filling one in is a new version of the contact, logged as the system's (no admin asked),
 * so an admin's edit form opened before it is refused instead of emptying it again.
 */
export async function upsertContact(db: Db, details: ContactDetails): Promise<Contact> {
  const upserted = await upsertContactRow(db, details);
  if (upserted && upserted.version > 1) {
    await recordActivity(db, SYSTEM_ACTOR, {
      action: "contact.fill-in",
      entityType: "contact",
      entityId: upserted.id,
      summary: `A booking filled in missing contact details of user ${bookingReference(upserted.id)}`,
    });
  }
  const row = upserted ?? (await findContactByEmail(db, details.email));
  if (!row) throw new Error("The contact upsert returned no row");
  return { id: row.id, email: row.email };
}

/** The contact, or undefined (also for anything that is not an id). */
export async function contactById(db: Db, id: unknown): Promise<ContactRow | undefined> {
  return isRecordId(id) ? findContact(db, id) : undefined;
}

/**
 * The contact, locked until the caller's transaction ends (undefined, also for anything that
 * is not an id): an edit that logs before → after reads the row no one else can change meanwhile.
 */
export async function lockContact(tx: Db, id: unknown): Promise<ContactRow | undefined> {
  return isRecordId(id) ? lockContactRow(tx, id) : undefined;
}

/** The contact's details as a booking made for them by an admin copies them onto its row. */
export function bookingContactFields(contact: ContactRow) {
  return {
    userId: contact.id,
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    phone: contact.phone,
    address: contact.address,
    preferredContact: contact.preferredContact,
  };
}

/**
 * A picker's choices (docs/decisions/032) for a search as typed or sent in an address: at most
 * CONTACT_CHOICE_LIMIT contacts matching it, newest first; never the anonymised. Also the
 * search as read (control characters out, at most CONTACT_CHOICE_SEARCH_MAX characters).
 */
export async function contactChoices(db: Db, typed: string | null | undefined): Promise<{ q: string; choices: ContactChoice[] }> {
  const q = searchText(typed, CONTACT_CHOICE_SEARCH_MAX);
  const rows = await findContactChoices(db, q, CONTACT_CHOICE_LIMIT);
  return { q, choices: rows.map((row) => ({ id: row.id, label: contactChoiceLabel(row) })) };
}

function duplicateEmail(): ValidationError {
  return new ValidationError(DUPLICATE_EMAIL_MESSAGE, { email: [DUPLICATE_EMAIL_MESSAGE] });
}

/** The unique index on lower(email) refused the row (two admins saving the same e-mail at once). */
function isDuplicateEmailError(error: unknown): boolean {
  return violates(error, "23505", "users_email_lower_unique");
}

/** Saves, turning an e-mail another contact already has (in any case) into a clear field error. */
async function saving<T>(db: Db, email: string, exceptId: string | undefined, write: () => Promise<T>): Promise<T> {
  if (await emailTaken(db, email, exceptId)) throw duplicateEmail();
  try {
    return await write();
  } catch (error) {
    if (isDuplicateEmailError(error)) throw duplicateEmail();
    throw error;
  }
}

/** A new contact from the admin form; an e-mail already used is refused (ValidationError). */
export function createContactRecord(db: Db, input: AdminContactInput): Promise<ContactRow> {
  return saving(db, input.email, undefined, () => insertContact(db, input));
}

/** The admin form's changes, if the contact is still at `version`; undefined when it is gone or has moved on. */
export function updateContactRecord(db: Db, id: string, version: number, input: AdminContactInput): Promise<ContactRow | undefined> {
  return saving(db, input.email, id, () => updateContactRow(db, id, version, input));
}

/** Deletes the contact row itself (in the caller's transaction); the database refuses while bookings refer to it. */
export function deleteContactRecord(tx: Db, id: string): Promise<boolean> {
  return deleteContactRow(tx, id);
}

/**
 * Erases the contact's personal details and marks them anonymised (docs/decisions/016), in the
 * caller's transaction; undefined when the contact is gone or was anonymised already.
 */
export function anonymiseContactRecord(tx: Db, id: string, now: Date): Promise<ContactRow | undefined> {
  return anonymiseContactRow(tx, id, now);
}

/**
 * The addresses of `addresses` that belong to this contact alone: the ones another contact has
 * now (the contact changed theirs, and someone else took the old one) are theirs, not to be erased.
 */
export async function addressesOnlyOf(db: Db, contactId: string, addresses: readonly string[]): Promise<string[]> {
  const others = new Set(await addressesOfOtherContacts(db, contactId, addresses));
  return [...new Set(addresses.map((address) => address.toLowerCase()))].filter((address) => !others.has(address));
}
