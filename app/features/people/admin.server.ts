import type { Db } from "#db/client.ts";
import type { AdminOutcome } from "~/lib/form-answers.server.ts";
import { consultationsOfContact, deleteConsultationsOfContact, type ContactConsultationItem } from "~/features/consultations/service.server.ts";
import { contactName } from "~/features/contacts/rules.ts";
import { adminContactSchema, type AdminContactInput } from "~/features/contacts/schema.ts";
import {
  contactById,
  createContactRecord,
  deleteContactRecord,
  updateContactRecord,
  type ContactRow,
} from "~/features/contacts/service.server.ts";
import { deleteBookingsOfContact, seminarBookingsOfContact, type ContactSeminarBooking } from "~/features/seminars/service.server.ts";
import { NotFoundError, UserFacingError } from "~/lib/errors.ts";
import { parseForm } from "~/lib/forms.server.ts";
import { isRecordId } from "~/lib/ids.ts";
import { countContacts, findContactsPage, findContactWithCounts, type ContactListRow } from "./queries.server.ts";
import { USERS_PAGE_SIZE, usersListParams, type UsersListParams } from "./schema.ts";

// The admin Users screen's use cases (docs/product.md §1.3, §3.4, §6.5).

const NOT_FOUND = "User not found. They may have been deleted.";

export type UsersPage = { users: ContactListRow[]; total: number; page: number; pageCount: number; pageSize: number };

/** One page of contacts (25), newest first, searched by name, e-mail or phone on the server. */
export async function listContactsForAdmin(db: Db, params: UsersListParams): Promise<UsersPage> {
  const pageSize = USERS_PAGE_SIZE;
  const total = await countContacts(db, params.q);
  const pageCount = Math.max(Math.ceil(total / pageSize), 1);
  const page = Math.min(params.page, pageCount);
  const users = total === 0 ? [] : await findContactsPage(db, { q: params.q, limit: pageSize, offset: (page - 1) * pageSize });
  return { users, total, page, pageCount, pageSize };
}

/** One contact with its booking counts (for the edit and delete modals), or undefined. */
export async function contactForAdmin(db: Db, id: string | null): Promise<ContactListRow | undefined> {
  return id && isRecordId(id) ? findContactWithCounts(db, id) : undefined;
}

/** A modal's list, or the message the Users screen shows when it cannot be loaded (docs/product.md §3.4). */
export type Loaded<T> = { ok: true; items: T[] } | { ok: false; message: string };

export async function contactConsultations(db: Db, userId: string): Promise<Loaded<ContactConsultationItem>> {
  try {
    return { ok: true, items: await consultationsOfContact(db, userId) };
  } catch {
    return { ok: false, message: "Failed to load consultations" };
  }
}

export async function contactSeminarBookings(db: Db, userId: string): Promise<Loaded<ContactSeminarBooking>> {
  try {
    return { ok: true, items: await seminarBookingsOfContact(db, userId) };
  } catch {
    return { ok: false, message: "Failed to load seminars" };
  }
}

/** 'Create New User': the rules of docs/product.md §6.5; an e-mail already used (in any case) is refused with a clear message. */
export async function createContact(db: Db, form: FormData): Promise<AdminOutcome> {
  const parsed = parseForm(form, adminContactSchema);
  if (!parsed.ok) return parsed;
  const contact = await createContactRecord(db, parsed.data);
  return { ok: true, message: `${contactName(contact)} was added.`, target: contact.id };
}

/**
 * Whether this change would take admin rights away from the admin making it: their access
 * can come from the contact with their e-mail, and nobody should lock themself out.
 */
function revokesOwnAccess(before: ContactRow, after: AdminContactInput | null, adminEmail: string | undefined): boolean {
  if (!adminEmail || !before.isAdmin || before.email.toLowerCase() !== adminEmail.toLowerCase()) return false;
  return after === null || !after.isAdmin || after.email.toLowerCase() !== adminEmail.toLowerCase();
}

/** 'Edit User Details'. `adminEmail`: who is editing (they cannot remove their own admin rights). */
export async function updateContact(db: Db, form: FormData, { adminEmail }: { adminEmail?: string } = {}): Promise<AdminOutcome> {
  const existing = await contactById(db, form.get("id"));
  if (!existing) throw new NotFoundError(NOT_FOUND);
  const parsed = parseForm(form, adminContactSchema);
  if (!parsed.ok) return { ...parsed, target: existing.id };
  if (revokesOwnAccess(existing, parsed.data, adminEmail)) {
    throw new UserFacingError("You cannot remove your own admin privileges. Ask another admin to do it.", 409);
  }
  const updated = await updateContactRecord(db, existing.id, parsed.data);
  if (!updated) throw new NotFoundError(NOT_FOUND);
  return { ok: true, message: `${contactName(updated)}'s details were saved.`, target: updated.id };
}

export type DeletedContact = { name: string; consultations: number; seminarBookings: number };

/**
 * Deletes a contact with everything that hangs on it, in one transaction (docs/product.md §3.4):
 * their consultations, then their seminar bookings (giving back the seats those held), then
 * the contact. Any failure leaves all of it as it was.
 */
async function deleteContactCascade(db: Db, id: string): Promise<DeletedContact> {
  if (!isRecordId(id)) throw new NotFoundError(NOT_FOUND);
  return db.transaction(async (tx) => {
    const contact = await contactById(tx, id);
    if (!contact) throw new NotFoundError(NOT_FOUND);
    const consultations = await deleteConsultationsOfContact(tx, id);
    const seminarBookings = await deleteBookingsOfContact(tx, id);
    if (!(await deleteContactRecord(tx, id))) throw new NotFoundError(NOT_FOUND);
    return { name: contactName(contact), consultations, seminarBookings: seminarBookings.length };
  });
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** 'Delete User' confirmed. */
export async function deleteContact(db: Db, form: FormData, { adminEmail }: { adminEmail?: string } = {}): Promise<AdminOutcome> {
  const existing = await contactById(db, form.get("id"));
  if (!existing) throw new NotFoundError(NOT_FOUND);
  if (revokesOwnAccess(existing, null, adminEmail)) {
    throw new UserFacingError("You cannot delete the user that gives you admin privileges. Ask another admin to do it.", 409);
  }
  const deleted = await deleteContactCascade(db, existing.id);
  return {
    ok: true,
    message: `${deleted.name} was deleted, with ${plural(deleted.consultations, "consultation", "consultations")} and ${plural(deleted.seminarBookings, "seminar booking", "seminar bookings")}.`,
  };
}

export type { ContactConsultationItem, ContactSeminarBooking };

export type UserBookingsModal =
  | { kind: "consultations"; user: { id: string; name: string }; loaded: Loaded<ContactConsultationItem> }
  | { kind: "seminars"; user: { id: string; name: string }; loaded: Loaded<ContactSeminarBooking> };

async function bookingsModal(db: Db, search: URLSearchParams): Promise<UserBookingsModal | null> {
  const kind = search.has("consultations") ? "consultations" : search.has("seminars") ? "seminars" : null;
  if (!kind) return null;
  const contact = await contactForAdmin(db, search.get(kind));
  if (!contact) return null;
  const user = { id: contact.id, name: contactName(contact) };
  return kind === "consultations"
    ? { kind, user, loaded: await contactConsultations(db, contact.id) }
    : { kind, user, loaded: await contactSeminarBookings(db, contact.id) };
}

/** Everything /admin/users shows for this URL: the page of users and whichever modal is open. */
export async function usersScreen(db: Db, search: URLSearchParams) {
  const params = usersListParams(search);
  const [list, editing, deleting, bookings] = await Promise.all([
    listContactsForAdmin(db, params),
    contactForAdmin(db, search.get("edit")),
    contactForAdmin(db, search.get("delete")),
    bookingsModal(db, search),
  ]);
  return { q: params.q, ...list, editing: editing ?? null, deleting: deleting ?? null, bookings };
}
