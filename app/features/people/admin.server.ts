import type { Db } from "#db/client.ts";
import type { AdminOutcome } from "~/lib/form-answers.server.ts";
import { changesBetween } from "~/features/activity/rules.ts";
import { historyOf, missingVersionError, recordActivity, staleEditError, type ActivityEntry, type Actor } from "~/features/activity/service.server.ts";
import { consultationsOfContact, deleteConsultationsOfContact, type ContactConsultationItem } from "~/features/consultations/service.server.ts";
import { contactName } from "~/features/contacts/rules.ts";
import { adminContactSchema, type AdminContactInput } from "~/features/contacts/schema.ts";
import {
  contactById,
  createContactRecord,
  deleteContactRecord,
  lockContact,
  updateContactRecord,
  type ContactRow,
} from "~/features/contacts/service.server.ts";
import { deleteBookingsOfContact, seminarBookingsOfContact, type ContactSeminarBooking } from "~/features/seminars/service.server.ts";
import { NotFoundError, UserFacingError } from "~/lib/errors.ts";
import { editedVersion, parseForm } from "~/lib/forms.server.ts";
import { bookingReference, isRecordId } from "~/lib/ids.ts";
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

const CONTACT_FIELDS = ["firstName", "lastName", "email", "phone", "address", "preferredContact", "isAdmin"] as const;
/** Logged as "changed", never with their values (docs/decisions/013-activity-log.md). */
const PERSONAL_FIELDS = ["firstName", "lastName", "email", "phone", "address"] as const;

/** How the log names a contact: by reference, never by name. */
const userReference = (id: string) => `user ${bookingReference(id)}`;

/** 'Create New User': the rules of docs/product.md §6.5; an e-mail already used (in any case) is refused with a clear message. */
export async function createContact(db: Db, actor: Actor, form: FormData): Promise<AdminOutcome> {
  const parsed = parseForm(form, adminContactSchema);
  if (!parsed.ok) return parsed;
  const contact = await db.transaction(async (tx) => {
    const created = await createContactRecord(tx, parsed.data);
    await recordActivity(tx, actor, {
      action: "contact.create",
      entityType: "contact",
      entityId: created.id,
      summary: `Created ${userReference(created.id)}${created.isAdmin ? " with admin privileges" : ""}`,
    });
    return created;
  });
  return { ok: true, message: `${contactName(contact)} was added.`, target: contact.id };
}

/**
 * Whether this change would take admin rights away from the admin making it: their access
 * can come from the contact with their e-mail, and nobody should lock themself out.
 */
function revokesOwnAccess(before: ContactRow, after: AdminContactInput | null, adminEmail: string | null): boolean {
  if (!adminEmail || !before.isAdmin || before.email.toLowerCase() !== adminEmail.toLowerCase()) return false;
  return after === null || !after.isAdmin || after.email.toLowerCase() !== adminEmail.toLowerCase();
}

/** An edit's entry: which fields changed; granting or removing admin privileges says so first. */
function editEntry(before: ContactRow, after: ContactRow): ActivityEntry {
  const changes = changesBetween(before, after, { fields: CONTACT_FIELDS, personal: PERSONAL_FIELDS });
  const user = userReference(after.id);
  const summary =
    before.isAdmin !== after.isAdmin
      ? after.isAdmin
        ? `Granted admin privileges to ${user}`
        : `Removed admin privileges from ${user}`
      : changes
        ? `Edited ${user}`
        : `Saved ${user} without changes`;
  return { action: "contact.update", entityType: "contact", entityId: after.id, summary, changes };
}

/**
 * 'Edit User Details', under the contact's row lock so the log's before → after is exact.
 * Saved only over the version the form was opened on (docs/decisions/014-no-lost-updates.md):
 * a contact someone changed since is refused, naming who and when, and nothing is written.
 * The admin (`actor`) cannot remove their own admin rights.
 */
export async function updateContact(db: Db, actor: Actor, form: FormData): Promise<AdminOutcome> {
  return db.transaction(async (tx) => {
    const existing = await lockContact(tx, form.get("id"));
    if (!existing) throw new NotFoundError(NOT_FOUND);
    const parsed = parseForm(form, adminContactSchema);
    if (!parsed.ok) return { ...parsed, target: existing.id };
    const version = editedVersion(form);
    if (version === undefined) throw missingVersionError("user");
    const stale = () => staleEditError(tx, { entityType: "contact", entityId: existing.id, noun: "user" });
    if (existing.version !== version) throw await stale();
    if (revokesOwnAccess(existing, parsed.data, actor.email)) {
      throw new UserFacingError("You cannot remove your own admin privileges. Ask another admin to do it.", 409);
    }
    const updated = await updateContactRecord(tx, existing.id, version, parsed.data);
    // Under the lock the version cannot move; the compare-and-set guards the write all the same.
    if (!updated) throw await stale();
    await recordActivity(tx, actor, editEntry(existing, updated));
    return { ok: true, message: `${contactName(updated)}'s details were saved.`, target: updated.id };
  });
}

export type DeletedContact = { name: string; consultations: number; seminarBookings: number };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const bookingsGone = ({ consultations, seminarBookings }: Omit<DeletedContact, "name">) =>
  `${plural(consultations, "consultation", "consultations")} and ${plural(seminarBookings, "seminar booking", "seminar bookings")}`;

/**
 * 'Delete User' confirmed: the contact with everything that hangs on it, in one transaction
 * (docs/product.md §3.4): their consultations, then their seminar bookings (giving back the
 * seats those held, under the seminars' locks: seminar before contact, as booking does), then
 * the contact, and the log's entry. Any failure leaves all of it as it was. The admin
 * (`actor`) cannot delete the contact that gives them access.
 */
export async function deleteContact(db: Db, actor: Actor, form: FormData): Promise<AdminOutcome> {
  const deleted = await db.transaction(async (tx) => {
    const contact = await contactById(tx, form.get("id"));
    if (!contact) throw new NotFoundError(NOT_FOUND);
    if (revokesOwnAccess(contact, null, actor.email)) {
      throw new UserFacingError("You cannot delete the user that gives you admin privileges. Ask another admin to do it.", 409);
    }
    const consultations = await deleteConsultationsOfContact(tx, contact.id);
    const seminarBookings = (await deleteBookingsOfContact(tx, contact.id)).length;
    if (!(await deleteContactRecord(tx, contact.id))) throw new NotFoundError(NOT_FOUND);
    await recordActivity(tx, actor, {
      action: "contact.delete",
      entityType: "contact",
      entityId: contact.id,
      summary: `Deleted ${userReference(contact.id)} with ${bookingsGone({ consultations, seminarBookings })}`,
    });
    return { name: contactName(contact), consultations, seminarBookings };
  });
  return { ok: true, message: `${deleted.name} was deleted, with ${bookingsGone(deleted)}.` };
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

/** Everything /admin/users shows for this URL: the page of users and whichever modal is open (the Edit dialog with the contact's history). */
export async function usersScreen(db: Db, search: URLSearchParams) {
  const params = usersListParams(search);
  const [list, editing, deleting, bookings] = await Promise.all([
    listContactsForAdmin(db, params),
    contactForAdmin(db, search.get("edit")),
    contactForAdmin(db, search.get("delete")),
    bookingsModal(db, search),
  ]);
  const editingHistory = editing ? await historyOf(db, "contact", editing.id) : [];
  return { q: params.q, ...list, editing: editing ?? null, editingHistory, deleting: deleting ?? null, bookings };
}
