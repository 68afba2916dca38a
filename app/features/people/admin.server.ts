import type { Db } from "#db/client.ts";
import type { AdminOutcome } from "~/lib/form-answers.server.ts";
import { changesBetween } from "~/features/activity/rules.ts";
import { historyOf, missingVersionError, recordActivity, staleEditError, type ActivityEntry, type Actor } from "~/features/activity/service.server.ts";
import {
  anonymiseConsultationsOfContact,
  consultationsOfContact,
  openConsultationsOfContact,
  type ContactConsultationItem,
} from "~/features/consultations/service.server.ts";
import { ANONYMISED_NAME, anonymisedEmail, contactName } from "~/features/contacts/rules.ts";
import { adminContactSchema, type AdminContactInput } from "~/features/contacts/schema.ts";
import {
  addressesOnlyOf,
  anonymiseContactRecord,
  createContactRecord,
  deleteContactRecord,
  lockContact,
  updateContactRecord,
  type ContactRow,
} from "~/features/contacts/service.server.ts";
import { countQueuedEmailsTo, eraseEmailsTo } from "~/features/mail/service.server.ts";
import {
  anonymiseSeminarBookingsOfContact,
  seminarBookingsOfContact,
  upcomingSeatsOfContact,
  type ContactSeminarBooking,
} from "~/features/seminars/service.server.ts";
import { ConflictError, NotFoundError, UserFacingError } from "~/lib/errors.ts";
import { formatAdminDate } from "~/components/admin/dates.ts";
import { editedVersion, parseForm } from "~/lib/forms.server.ts";
import { bookingReference, isRecordId } from "~/lib/ids.ts";
import type { BoundedTotal, KeysetNav } from "~/lib/keyset.ts";
import { bookingsPhrase, paidPhrase, refusalMessage, type ContactDeletion } from "./deletion.ts";
import { countContacts, findContactHistory, findContactsPage, findContactWithCounts, type ContactListRow } from "./queries.server.ts";
import { USERS_PAGE_SIZE, usersListParams, type UsersListParams } from "./schema.ts";

// The admin Users screen's use cases (docs/product.md §1.3, §3.4, §6.5).

const NOT_FOUND = "User not found. They may have been deleted.";
const ANONYMISED = "This contact's details were erased at their request, so there is nothing to edit. If they book again, they are a new contact.";

export type UsersPage = { users: ContactListRow[]; total: BoundedTotal; nav: KeysetNav };

/** One page of contacts (25) at the URL's position, newest first, searched by name, e-mail or phone on the server. */
export async function listContactsForAdmin(db: Db, params: UsersListParams): Promise<UsersPage> {
  const [page, total] = await Promise.all([findContactsPage(db, { q: params.q, position: params.position, pageSize: USERS_PAGE_SIZE }), countContacts(db, params.q)]);
  return { users: page.rows, total, nav: page.nav };
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
    if (existing.anonymisedAt) throw new ConflictError(ANONYMISED);
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

/**
 * What 'Delete User' will do to this contact (docs/decisions/016): delete one without any
 * booking; anonymise one with bookings or payments; refuse while a seat at an upcoming seminar
 * or a consultation is still under way (staff cancel those first, deciding about refunds and
 * telling the client, while the client can still be told).
 */
export async function deletionOf(db: Db, contact: ContactRow, now = new Date()): Promise<ContactDeletion> {
  if (contact.anonymisedAt) return { kind: "anonymised", at: contact.anonymisedAt };
  const history = await findContactHistory(db, contact.id);
  const counts = { seminarBookings: history.seminarBookings, consultations: history.consultations };
  if (counts.seminarBookings + counts.consultations === 0) return { kind: "delete" };
  const [upcomingSeats, openConsultations] = await Promise.all([upcomingSeatsOfContact(db, contact.id, now), openConsultationsOfContact(db, contact.id)]);
  if (upcomingSeats + openConsultations > 0) return { kind: "refuse", upcomingSeats, openConsultations, ...counts };
  const queuedEmails = await countQueuedEmailsTo(db, await addressesOnlyOf(db, contact.id, [contact.email, ...history.bookingEmails]));
  return { kind: "anonymise", paidCents: history.paidCents, refundedCents: history.refundedCents, queuedEmails, ...counts };
}

/**
 * 'Delete User' confirmed, in one transaction under the contact's row lock (so no booking
 * arrives between the check and the change): a contact without bookings is deleted; one with
 * bookings or payments is anonymised: their details go from the contact, from each booking and
 * from the outbox (queued e-mails to them are withdrawn), while the bookings, amounts, payment
 * states, checkouts and the ledger stay. Refused while something is under way, for the
 * contact that gives the admin (`actor`) access, and for one already anonymised. The activity
 * entry names the contact by reference only.
 */
export async function deleteContact(db: Db, actor: Actor, form: FormData, now = new Date()): Promise<AdminOutcome> {
  return db.transaction(async (tx) => {
    const contact = await lockContact(tx, form.get("id"));
    if (!contact) throw new NotFoundError(NOT_FOUND);
    if (revokesOwnAccess(contact, null, actor.email)) {
      throw new UserFacingError("You cannot delete the user that gives you admin privileges. Ask another admin to do it.", 409);
    }
    const name = contactName(contact);
    const plan = await deletionOf(tx, contact, now);
    const user = userReference(contact.id);
    switch (plan.kind) {
      case "anonymised":
        throw new ConflictError(`This contact's details were already erased on ${formatAdminDate(plan.at)}.`);
      case "refuse":
        throw new ConflictError(refusalMessage(name, plan));
      case "delete": {
        if (!(await deleteContactRecord(tx, contact.id))) throw new NotFoundError(NOT_FOUND);
        await recordActivity(tx, actor, { action: "contact.delete", entityType: "contact", entityId: contact.id, summary: `Deleted ${user}` });
        return { ok: true, message: `${name} was deleted.` };
      }
      case "anonymise": {
        const identity = { ...ANONYMISED_NAME, email: anonymisedEmail(contact.id) };
        const seminar = await anonymiseSeminarBookingsOfContact(tx, contact.id, identity, now);
        const consultations = await anonymiseConsultationsOfContact(tx, actor, contact.id, identity, now);
        const addresses = await addressesOnlyOf(tx, contact.id, [contact.email, ...seminar.emails, ...consultations.emails]);
        const emails = await eraseEmailsTo(tx, addresses, identity.email, now);
        if (!(await anonymiseContactRecord(tx, contact.id, now))) throw new NotFoundError(NOT_FOUND);
        const kept = bookingsPhrase({ seminarBookings: seminar.anonymised, consultations: consultations.anonymised });
        const withdrawn = emails.withdrawn > 0 ? `; ${emails.withdrawn} queued e-mail${emails.withdrawn === 1 ? "" : "s"} withdrawn` : "";
        await recordActivity(tx, actor, {
          action: "contact.anonymise",
          entityType: "contact",
          entityId: contact.id,
          summary: `Anonymised ${user}: personal details erased, ${kept} kept${withdrawn}`,
          changes: Object.fromEntries(PERSONAL_FIELDS.map((field) => [field, { changed: true }])),
        });
        return { ok: true, message: `${name}'s details were anonymised. Their ${kept} and ${paidPhrase(plan)} are kept, as "Deleted contact".` };
      }
    }
  });
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
  const [list, found, deleting, bookings] = await Promise.all([
    listContactsForAdmin(db, params),
    contactForAdmin(db, search.get("edit")),
    contactForAdmin(db, search.get("delete")),
    bookingsModal(db, search),
  ]);
  // An anonymised contact has nothing left to edit (docs/decisions/016).
  const editing = found && !found.anonymisedAt ? found : undefined;
  const editingHistory = editing ? await historyOf(db, "contact", editing.id) : [];
  const deletion = deleting ? await deletionOf(db, deleting) : null;
  return { q: params.q, ...list, editing: editing ?? null, editingHistory, deleting: deleting && deletion ? { ...deleting, deletion } : null, bookings };
}
