import type { Db } from "#db/client.ts";
import { findContact, findContactOptions, type ContactOption, type ContactRow } from "./admin-queries.server.ts";

// Contacts as other features see them (a service: the consultations screen picks a
// contact for 'Book Consultation' through here, never through this feature's queries).

export type { ContactOption, ContactRow };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRecordId(value: unknown): value is string {
  return typeof value === "string" && uuidPattern.test(value);
}

/** The contact, or undefined (also for anything that is not an id). */
export async function contactById(db: Db, id: string): Promise<ContactRow | undefined> {
  return isRecordId(id) ? findContact(db, id) : undefined;
}

/** Every contact for a picker, by first name. */
export function contactOptions(db: Db): Promise<ContactOption[]> {
  return findContactOptions(db);
}
