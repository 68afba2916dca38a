import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultationBookings, seminarBookings, seminars, users } from "#db/schema/index.ts";
import { holdSeat, releaseHold } from "~/features/seminars/seats/holds.server.ts";
import { NotFoundError } from "~/lib/errors.ts";
import { bookingReference, isRecordId } from "~/lib/ids.ts";
import { insertSeminar } from "../../../tests/support/fixtures.ts";
import { entriesAddedBy, entriesOf, testActor } from "~/features/activity/testing.server.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { createContact, deleteContact, updateContact, usersScreen } from "./admin.server.ts";

// Issue 14 on the Users screen: every create, edit and delete of a contact appends one entry
// to the activity log, attributed to the signed-in admin, in the transaction of the change;
// a refused write appends none; the log names the contact by reference and never holds their
// personal details (docs/decisions/013-activity-log.md).

const database = useTestDatabase(consultationBookings, seminarBookings, seminars, users);

function formOf(entries: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(entries)) if (value !== undefined) form.set(key, value);
  return form;
}

/** The Edit User form opened now: `fields` with the contact's current version (1 for an unknown id). */
async function editForm(fields: Record<string, string | undefined>): Promise<FormData> {
  const id = fields.id;
  const [row] = isRecordId(id) ? await database.db.select({ version: users.version }).from(users).where(eq(users.id, id)) : [];
  return formOf({ version: String(row?.version ?? 1), ...fields });
}

const thandi = { firstName: "Thandi", lastName: "Nkosi", email: "thandi.nkosi@example.co.za", phone: "+27 82 555 0123", address: "12 Jacaranda Street, Durban" };
const edited = { ...thandi, firstName: "Thandiwe", email: "thandiwe.m@example.co.za", phone: "+27 83 444 0987", address: "7 Kloof Road, Cape Town" };

async function create(fields: Record<string, string | undefined> = thandi) {
  const result = await createContact(database.db, testActor, formOf(fields));
  if (!result.ok) throw new Error(`create refused: ${result.message}`);
  const [contact] = await database.db.select().from(users).where(eq(users.id, result.target!));
  return contact!;
}

const asAdmin = { actorId: testActor.id, actorName: testActor.name, actorEmail: testActor.email };

/** The personal details of both versions of Thandi, none of which may reach the log. */
const personalDetails = [thandi, edited].flatMap((person) => [person.firstName, person.lastName, person.email, person.phone, person.address, person.phone.replace(/\D/g, "")]);

function expectNoPersonalDetails(entries: unknown) {
  const json = JSON.stringify(entries);
  for (const detail of personalDetails) expect(json).not.toContain(detail);
}

describe(`the Users screen's writes in the activity log (${testEngine})`, () => {
  it("logs a new contact by reference, attributed to the admin, and says when it has admin privileges", async () => {
    const contact = await create();
    const reference = bookingReference(contact.id);
    const entries = await entriesOf(database.db, "contact", contact.id);
    expect(entries).toEqual([
      expect.objectContaining({ ...asAdmin, action: "contact.create", entityType: "contact", entityId: contact.id, summary: `Created user ${reference}`, changes: null }),
    ]);
    expectNoPersonalDetails(entries);

    const admin = await create({ ...thandi, email: "desk@thula.example", isAdmin: "on" });
    expect((await entriesOf(database.db, "contact", admin.id)).map((entry) => entry.summary)).toEqual([`Created user ${bookingReference(admin.id)} with admin privileges`]);
  });

  it("logs no entry for a create it refuses", async () => {
    await create();
    expect(await entriesAddedBy(database.db, async () => expect(await createContact(database.db, testActor, formOf({ ...thandi, email: "thandi@" }))).toMatchObject({ ok: false }))).toBe(0);
    expect(await entriesAddedBy(database.db, () => expect(createContact(database.db, testActor, formOf({ ...thandi, email: "THANDI.NKOSI@example.co.za" }))).rejects.toThrow())).toBe(0);
  });

  it("logs an edit's changed fields: personal details as changed without their values, the preferred contact with them", async () => {
    const contact = await create();
    expect(await updateContact(database.db, testActor, await editForm({ ...edited, id: contact.id, preferredContact: "whatsapp" }))).toMatchObject({ ok: true });

    const [, entry] = await entriesOf(database.db, "contact", contact.id);
    expect(entry).toMatchObject({ ...asAdmin, action: "contact.update", entityType: "contact", entityId: contact.id, summary: `Edited user ${bookingReference(contact.id)}` });
    expect(entry!.changes).toEqual({
      firstName: { changed: true },
      email: { changed: true },
      phone: { changed: true },
      address: { changed: true },
      preferredContact: { before: "email", after: "whatsapp" },
    });
    expectNoPersonalDetails(await entriesOf(database.db, "contact", contact.id));
  });

  it("gives granting and removing admin privileges their own summary, and says when a save changed nothing", async () => {
    const contact = await create();
    const reference = bookingReference(contact.id);
    await updateContact(database.db, testActor, await editForm({ ...thandi, id: contact.id, isAdmin: "on" }));
    await updateContact(database.db, testActor, await editForm({ ...thandi, id: contact.id }));
    await updateContact(database.db, testActor, await editForm({ ...thandi, id: contact.id }));

    const entries = (await entriesOf(database.db, "contact", contact.id)).slice(1);
    expect(entries.map(({ summary, changes }) => ({ summary, changes }))).toEqual([
      { summary: `Granted admin privileges to user ${reference}`, changes: { isAdmin: { before: false, after: true } } },
      { summary: `Removed admin privileges from user ${reference}`, changes: { isAdmin: { before: true, after: false } } },
      { summary: `Saved user ${reference} without changes`, changes: null },
    ]);
  });

  it("logs no entry for an edit it refuses: invalid, another contact's e-mail, unknown, or the admin's own rights", async () => {
    const contact = await create();
    await create({ ...thandi, email: "johan@example.com" });
    const desk = await create({ ...thandi, email: "desk@thula.example", isAdmin: "on" });
    const deskAdmin = { ...testActor, email: "desk@thula.example" };

    const refusals = [
      async () => expect(await updateContact(database.db, testActor, await editForm({ id: contact.id, firstName: "", lastName: "Nkosi", email: "x" }))).toMatchObject({ ok: false }),
      async () => expect(updateContact(database.db, testActor, await editForm({ ...thandi, id: contact.id, email: "Johan@Example.com" }))).rejects.toThrow(),
      async () => expect(updateContact(database.db, testActor, await editForm({ ...thandi, id: "00000000-0000-4000-8000-000000000000" }))).rejects.toBeInstanceOf(NotFoundError),
      async () => expect(updateContact(database.db, deskAdmin, await editForm({ ...thandi, id: desk.id, email: "desk@thula.example" }))).rejects.toThrow("You cannot remove your own admin privileges"),
    ];
    for (const refused of refusals) expect(await entriesAddedBy(database.db, refused)).toBe(0);
    expect(await database.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, contact.id))).toEqual([{ firstName: "Thandi" }]);
  });

  it("logs a deletion by reference; a refused deletion logs nothing", async () => {
    const contact = await create();
    const desk = await create({ ...thandi, email: "desk@thula.example", isAdmin: "on" });

    expect(await entriesAddedBy(database.db, () => expect(deleteContact(database.db, { ...testActor, email: "desk@thula.example" }, formOf({ id: desk.id }))).rejects.toThrow())).toBe(0);
    expect(await entriesAddedBy(database.db, () => expect(deleteContact(database.db, testActor, formOf({ id: "not-an-id" }))).rejects.toBeInstanceOf(NotFoundError))).toBe(0);

    await deleteContact(database.db, testActor, formOf({ id: contact.id }));
    const entries = await entriesOf(database.db, "contact", contact.id);
    expect(entries.at(-1)).toMatchObject({ ...asAdmin, action: "contact.delete", entityType: "contact", entityId: contact.id, summary: `Deleted user ${bookingReference(contact.id)}` });
    expectNoPersonalDetails(entries);
  });

  it("writes the entry in the change's transaction: an edit whose entry cannot be written is not saved", async () => {
    const contact = await create();
    await database.db.execute(sql`
      create or replace function refuse_activity_in_test() returns trigger language plpgsql as $$
      begin raise exception 'the activity log refuses entries in this test'; end $$`);
    await database.db.execute(sql`create trigger refuse_activity_in_test before insert on activity_log for each row execute function refuse_activity_in_test()`);
    try {
      await expect(updateContact(database.db, testActor, await editForm({ ...edited, id: contact.id }))).rejects.toThrow();
      await expect(createContact(database.db, testActor, formOf({ ...thandi, email: "new.person@example.com" }))).rejects.toThrow();
    } finally {
      await database.db.execute(sql`drop trigger refuse_activity_in_test on activity_log`);
      await database.db.execute(sql`drop function refuse_activity_in_test()`);
    }
    expect(await database.db.select({ email: users.email }).from(users)).toEqual([{ email: thandi.email }]);
  });

  it("shows a contact's history in the Edit dialog only, newest first, with who did it", async () => {
    const contact = await create();
    await updateContact(database.db, testActor, await editForm({ ...thandi, id: contact.id, phone: edited.phone }));

    const editing = await usersScreen(database.db, new URLSearchParams({ edit: contact.id }));
    expect(editing.editingHistory.map(({ summary, actorName, changes }) => ({ summary, actorName, changes }))).toEqual([
      { summary: `Edited user ${bookingReference(contact.id)}`, actorName: testActor.name, changes: ["Phone changed"] },
      { summary: `Created user ${bookingReference(contact.id)}`, actorName: testActor.name, changes: [] },
    ]);
    expect((await usersScreen(database.db, new URLSearchParams({ delete: contact.id }))).editingHistory).toEqual([]);
    expect((await usersScreen(database.db, new URLSearchParams({ edit: "00000000-0000-4000-8000-000000000000" }))).editingHistory).toEqual([]);
  });
});

describe(`anonymising a contact in the activity log (${testEngine})`, () => {
  // Bookings with money cannot be deleted (docs/decisions/015): a database of its own.
  const own = useTestDatabase();

  it("logs one entry by reference with the personal fields only as changed; a refusal (a booking under way) logs nothing", async () => {
    const result = await createContact(own.db, testActor, formOf(thandi));
    const contactId = result.ok ? result.target! : "";
    const durban = await insertSeminar(own.db, { title: "Durban evening" });
    const hold = await holdSeat(own.db, { seminarId: durban.id, contact: { ...thandi, preferredContact: "email" } }, { siteUrl: "https://thula.example" });
    await own.db.insert(consultationBookings).values({ userId: contactId, firstName: "Thandi", lastName: "Nkosi", email: thandi.email, consultationType: "free", isPaid: true, status: "closed" });

    expect(await entriesAddedBy(own.db, () => expect(deleteContact(own.db, testActor, formOf({ id: contactId }))).rejects.toThrow("still holds 1 seat"))).toBe(0);
    await releaseHold(own.db, hold.bookingId);

    await deleteContact(own.db, testActor, formOf({ id: contactId }));
    const entries = await entriesOf(own.db, "contact", contactId);
    expect(entries.at(-1)).toMatchObject({
      ...asAdmin,
      action: "contact.anonymise",
      entityType: "contact",
      entityId: contactId,
      summary: `Anonymised user ${bookingReference(contactId)}: personal details erased, 2 bookings (1 seminar booking and 1 consultation) kept`,
      changes: { firstName: { changed: true }, lastName: { changed: true }, email: { changed: true }, phone: { changed: true }, address: { changed: true } },
    });
    expectNoPersonalDetails(entries);
  });
});
