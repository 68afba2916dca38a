import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultationBookings, seminarBookings, seminars, users } from "#db/schema/index.ts";
import { holdSeat } from "~/features/seminars/seats/holds.server.ts";
import { NotFoundError } from "~/lib/errors.ts";
import { isRecordId } from "~/lib/ids.ts";
import { insertSeminar, seminarById } from "../../../tests/support/fixtures.ts";
import { testActor } from "~/features/activity/testing.server.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import {
  contactConsultations,
  contactSeminarBookings,
  createContact,
  deleteContact,
  listContactsForAdmin,
  updateContact,
  usersScreen,
} from "./admin.server.ts";
import { DUPLICATE_EMAIL_MESSAGE } from "~/features/contacts/schema.ts";
import { usersListParams } from "./schema.ts";

// The admin Users screen on a real database: create and edit rules, the duplicate e-mail,
// server-side search and pages, and what Delete does now (delete, refuse or anonymise; the
// anonymisation in depth is in erasure.db.test.ts).

const siteUrl = "https://thula.example";
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

/** The admin editing, as the e-mail their access comes from. */
const signedInAs = (email: string) => ({ ...testActor, email });

const thandi = { firstName: "Thandi", lastName: "Nkosi", email: "thandi.nkosi@example.co.za", phone: "+27 82 555 0123" };

async function contactCount() {
  return (await database.db.select({ n: count() }).from(users))[0]!.n;
}

async function create(fields: Record<string, string | undefined>) {
  const result = await createContact(database.db, testActor, formOf(fields));
  if (!result.ok) throw new Error(`create refused: ${result.message}`);
  const [contact] = await database.db.select().from(users).where(eq(users.id, result.target!));
  return contact!;
}

describe(`'Create New User' (${testEngine})`, () => {
  it("requires first name, last name and a valid e-mail; says which field is wrong; saves nothing", async () => {
    const empty = await createContact(database.db, testActor, formOf({}));
    expect(empty).toMatchObject({
      ok: false,
      fieldErrors: { firstName: ["Please enter a first name."], lastName: ["Please enter a last name."], email: ["Please enter an e-mail address."] },
    });
    const blank = await createContact(database.db, testActor, formOf({ firstName: "  ", lastName: "\t", email: " " }));
    expect(blank.ok ? {} : blank.fieldErrors).toMatchObject({ firstName: ["Please enter a first name."], lastName: ["Please enter a last name."] });
    const badEmail = await createContact(database.db, testActor, formOf({ ...thandi, email: "thandi@" }));
    expect(badEmail.ok ? {} : badEmail.fieldErrors).toEqual({ email: ["Please enter a valid e-mail address, like name@example.com."] });
    const badPhone = await createContact(database.db, testActor, formOf({ ...thandi, phone: "call me" }));
    expect(badPhone.ok ? {} : Object.keys(badPhone.fieldErrors)).toEqual(["phone"]);
    const badContact = await createContact(database.db, testActor, formOf({ ...thandi, preferredContact: "pigeon" }));
    expect(badContact.ok ? {} : badContact.fieldErrors).toEqual({ preferredContact: ["Please choose e-mail, phone or WhatsApp."] });
    expect(await contactCount()).toBe(0);
  });

  it("saves with phone and address optional, preferred contact e-mail and admin privileges off by default", async () => {
    const result = await createContact(database.db, testActor, formOf({ firstName: " Johan ", lastName: "van Wyk", email: " johan@example.com " }));
    expect(result).toMatchObject({ ok: true, message: "Johan van Wyk was added." });
    const [contact] = await database.db.select().from(users);
    expect(contact).toMatchObject({ firstName: "Johan", lastName: "van Wyk", email: "johan@example.com", phone: null, address: null, preferredContact: "email", isAdmin: false });

    const admin = await create({ ...thandi, address: "12 Jacaranda Street, Durban", preferredContact: "whatsapp", isAdmin: "on" });
    expect(admin).toMatchObject({ address: "12 Jacaranda Street, Durban", preferredContact: "whatsapp", isAdmin: true });
  });

  it("refuses an e-mail that is already used, in any case, with a clear message", async () => {
    await create(thandi);
    await expect(createContact(database.db, testActor, formOf({ ...thandi, firstName: "Other", email: "THANDI.Nkosi@Example.CO.ZA" }))).rejects.toMatchObject({
      message: DUPLICATE_EMAIL_MESSAGE,
      status: 422,
      fieldErrors: { email: [DUPLICATE_EMAIL_MESSAGE] },
    });
    expect(await contactCount()).toBe(1);
  });

  it("lets only one of two simultaneous creates with the same e-mail through", async () => {
    const results = await Promise.allSettled([
      createContact(database.db, testActor, formOf({ ...thandi, email: "race@example.com" })),
      createContact(database.db, testActor, formOf({ ...thandi, email: "RACE@example.com" })),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.status === "rejected" ? (refused.reason as Error).message : "").toBe(DUPLICATE_EMAIL_MESSAGE);
    expect(await contactCount()).toBe(1);
  });
});

describe(`'Edit User Details' (${testEngine})`, () => {
  it("saves the new details, with the same rules as create", async () => {
    const contact = await create(thandi);
    const refused = await updateContact(database.db, testActor, await editForm({ id: contact.id, firstName: "", lastName: "Nkosi", email: "x" }));
    expect(refused).toMatchObject({ ok: false, fieldErrors: { firstName: ["Please enter a first name."], email: ["Please enter a valid e-mail address, like name@example.com."] } });
    const saved = await updateContact(database.db, testActor, await editForm({ id: contact.id, firstName: "Thandiwe", lastName: "Nkosi-Mokoena", email: "thandiwe@example.co.za", phone: "", preferredContact: "phone", isAdmin: "on" }));
    expect(saved).toMatchObject({ ok: true, message: "Thandiwe Nkosi-Mokoena's details were saved." });
    const [after] = await database.db.select().from(users);
    expect(after).toMatchObject({ firstName: "Thandiwe", email: "thandiwe@example.co.za", phone: null, preferredContact: "phone", isAdmin: true });
    expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(contact.updatedAt.getTime());
  });

  it("refuses another contact's e-mail, an unknown id, and taking away the editing admin's own rights", async () => {
    const contact = await create(thandi);
    await create({ ...thandi, email: "johan@example.com" });
    await expect(updateContact(database.db, testActor, await editForm({ ...thandi, id: contact.id, email: "Johan@Example.com" }))).rejects.toThrow(DUPLICATE_EMAIL_MESSAGE);
    // Keeping its own e-mail is not a duplicate.
    expect(await updateContact(database.db, testActor, await editForm({ ...thandi, id: contact.id, email: "THANDI.NKOSI@example.co.za" }))).toMatchObject({ ok: true });
    await expect(updateContact(database.db, testActor, await editForm({ ...thandi, id: "00000000-0000-4000-8000-000000000000" }))).rejects.toBeInstanceOf(NotFoundError);

    const admin = await create({ ...thandi, email: "desk@thula.example", isAdmin: "on" });
    await expect(updateContact(database.db, signedInAs("Desk@thula.example"), await editForm({ ...thandi, id: admin.id, email: "desk@thula.example" }))).rejects.toThrow(
      "You cannot remove your own admin privileges",
    );
    await expect(deleteContact(database.db, signedInAs("desk@thula.example"), formOf({ id: admin.id }))).rejects.toThrow("You cannot delete the user that gives you admin privileges");
    expect(await updateContact(database.db, signedInAs("other@thula.example"), await editForm({ ...thandi, id: admin.id, email: "desk@thula.example" }))).toMatchObject({ ok: true });
  });
});

describe(`the user list (${testEngine})`, () => {
  it("searches name, e-mail and phone on the server, case-insensitively, with ILIKE's wildcards taken literally", async () => {
    await create(thandi);
    await create({ firstName: "Johan", lastName: "van Wyk", email: "johan_vw@example.com", phone: "+27 21 555 0199" });
    await create({ firstName: "Megan", lastName: "O'Connor", email: "megan@example.com" });
    const names = async (q: string) =>
      (await listContactsForAdmin(database.db, usersListParams(new URLSearchParams({ q })))).users.map((user) => user.firstName).sort();
    expect(await names("")).toEqual(["Johan", "Megan", "Thandi"]);
    expect(await names("thandi NK")).toEqual(["Thandi"]);
    expect(await names("VAN wyk")).toEqual(["Johan"]);
    expect(await names("EXAMPLE.COM")).toEqual(["Johan", "Megan"]);
    expect(await names("o'connor")).toEqual(["Megan"]);
    expect(await names("555 0199")).toEqual(["Johan"]);
    expect(await names("0825550123")).toEqual(["Thandi"]);
    expect(await names("_vw")).toEqual(["Johan"]);
    expect(await names("%")).toEqual([]);
  });

  it("pages 25 at a time, newest first, with each contact's booking counts", async () => {
    for (let index = 0; index < 30; index += 1) {
      await database.db.insert(users).values({ firstName: `Person${index}`, lastName: "Test", email: `p${index}@example.com`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)) });
    }
    const first = await listContactsForAdmin(database.db, usersListParams(new URLSearchParams("")));
    expect(first).toMatchObject({ total: { count: 30, capped: false }, nav: { newer: null } });
    expect(first.users).toHaveLength(25);
    expect(first.users[0]!.firstName).toBe("Person29");
    // The Older link's address, as the pager writes it.
    const older = first.nav.older!;
    expect(older.from).toBe("after");
    const second = await listContactsForAdmin(database.db, usersListParams(new URLSearchParams({ after: older.from === "after" ? older.cursor : "" })));
    expect(second.users.map((user) => user.firstName)).toEqual(["Person4", "Person3", "Person2", "Person1", "Person0"]);
    expect(second.nav.older).toBeNull();
    const last = await listContactsForAdmin(database.db, usersListParams(new URLSearchParams("last=1")));
    expect(last.users.at(-1)!.firstName).toBe("Person0");
    expect(last.users).toHaveLength(25);
    // An older link's page number is no position: the first page.
    expect((await listContactsForAdmin(database.db, usersListParams(new URLSearchParams("page=40")))).users[0]!.firstName).toBe("Person29");
    expect(usersListParams(new URLSearchParams("page=-3&q=%20x%20"))).toEqual({ q: "x", position: { from: "first" } });
  });
});

describe(`deleting a user (${testEngine})`, () => {
  // Bookings with money on record can never be deleted (docs/decisions/015), so this block has
  // a database of its own and each test its own people. Anonymising in depth: erasure.db.test.ts.
  const own = useTestDatabase();
  let people = 0;

  async function createIn(fields: Record<string, string | undefined>) {
    const result = await createContact(own.db, testActor, formOf(fields));
    if (!result.ok) throw new Error(`create refused: ${result.message}`);
    const [contact] = await own.db.select().from(users).where(eq(users.id, result.target!));
    return contact!;
  }

  async function contactWithBookings() {
    people += 1;
    const person = { ...thandi, email: `thandi.${people}@example.co.za` };
    const otherEmail = `someone.else.${people}@example.com`;
    const contact = await createIn(person);
    const other = await createIn({ ...person, email: otherEmail });
    const durban = await insertSeminar(own.db, { title: `Durban evening ${people}` });
    const joburg = await insertSeminar(own.db, { title: `Johannesburg CV clinic ${people}` });
    const hold = await holdSeat(own.db, { seminarId: durban.id, contact: { ...person, preferredContact: "email" } }, { siteUrl });
    await holdSeat(own.db, { seminarId: joburg.id, contact: { ...person, preferredContact: "email" } }, { siteUrl });
    await holdSeat(own.db, { seminarId: durban.id, contact: { ...person, email: otherEmail, preferredContact: "email" } }, { siteUrl });
    // One booking already confirmed (it holds its seat for good).
    await own.db.update(seminarBookings).set({ status: "confirmed", isPaid: true, holdExpiresAt: null }).where(eq(seminarBookings.id, hold.bookingId));
    for (const type of ["paid", "free"] as const) {
      await own.db.insert(consultationBookings).values({ userId: contact.id, firstName: "Thandi", lastName: "Nkosi", email: contact.email, consultationType: type, isPaid: type === "free" });
    }
    await own.db.insert(consultationBookings).values({ userId: other.id, firstName: "Some", lastName: "One", email: other.email });
    return { contact, other, durban, joburg };
  }

  it("shows the counts, and the count modals list that person's consultations and seminar bookings", async () => {
    const { contact } = await contactWithBookings();
    const screen = await usersScreen(own.db, new URLSearchParams(`delete=${contact.id}&seminars=${contact.id}`));
    expect(screen.deleting).toMatchObject({ id: contact.id, consultationCount: 2, seminarBookingCount: 2 });
    expect(screen.bookings?.kind).toBe("seminars");
    const consultations = await contactConsultations(own.db, contact.id);
    expect(consultations.ok && consultations.items.map((item) => item.typeLabel).sort()).toEqual(["FREE", "PAID"]);
    const bookings = await contactSeminarBookings(own.db, contact.id);
    expect(bookings.ok && bookings.items.map((item) => item.seminarTitle).sort()).toEqual([`Durban evening ${people}`, `Johannesburg CV clinic ${people}`]);
    const nobody = await contactSeminarBookings(own.db, "00000000-0000-4000-8000-000000000000");
    expect(nobody).toEqual({ ok: true, items: [] });
  });

  it("names each booking's state and money as every admin view does, so a cancelled and refunded booking no longer reads 'Paid'", async () => {
    const { contact, durban } = await contactWithBookings();
    const stateOf = async () => {
      const bookings = await contactSeminarBookings(own.db, contact.id);
      return bookings.ok ? Object.fromEntries(bookings.items.map((item) => [item.seminarTitle, item.state.label])) : {};
    };
    expect(await stateOf()).toEqual({ [`Durban evening ${people}`]: "Confirmed · Paid", [`Johannesburg CV clinic ${people}`]: "Held" });
    await own.db
      .update(seminarBookings)
      .set({ status: "cancelled", refundedCents: sql`${seminarBookings.amountCents}` })
      .where(and(eq(seminarBookings.userId, contact.id), eq(seminarBookings.seminarId, durban.id)));
    expect((await stateOf())[`Durban evening ${people}`]).toBe("Cancelled · Refunded");

    const moneyOf = async () => {
      const consultations = await contactConsultations(own.db, contact.id);
      return consultations.ok ? Object.fromEntries(consultations.items.map((item) => [item.typeLabel, item.money])) : {};
    };
    expect(await moneyOf()).toEqual({ PAID: "unpaid", FREE: "paid" });
    await own.db
      .update(consultationBookings)
      .set({ status: "refunded", isPaid: true, amountCents: 349900, refundedCents: 349900 })
      .where(and(eq(consultationBookings.userId, contact.id), eq(consultationBookings.consultationType, "paid")));
    expect((await moneyOf()).PAID).toBe("refunded");
  });

  it("deletes a contact without any booking, and reports one that is gone", async () => {
    const contact = await createIn({ ...thandi, email: "nobody.booked@example.co.za" });
    expect(await deleteContact(own.db, testActor, formOf({ id: contact.id }))).toEqual({ ok: true, message: "Thandi Nkosi was deleted." });
    expect(await own.db.select().from(users).where(eq(users.id, contact.id))).toEqual([]);
    await expect(deleteContact(own.db, testActor, formOf({ id: contact.id }))).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses a contact whose seats and consultations are still under way, and leaves them, their bookings and the seats as they were", async () => {
    const { contact, other, durban, joburg } = await contactWithBookings();
    expect((await seminarById(own.db, durban.id))!.currentAttendees).toBe(2);
    await expect(deleteContact(own.db, testActor, formOf({ id: contact.id }))).rejects.toThrow("still holds 2 seats at an upcoming seminar and has 2 consultations under way");
    expect(await own.db.select().from(users).where(eq(users.id, contact.id))).toEqual([contact]);
    expect(await own.db.select({ n: count() }).from(consultationBookings).where(eq(consultationBookings.userId, contact.id))).toEqual([{ n: 2 }]);
    expect(await own.db.select({ n: count() }).from(seminarBookings).where(eq(seminarBookings.userId, contact.id))).toEqual([{ n: 2 }]);
    expect((await seminarById(own.db, durban.id))!.currentAttendees).toBe(2);
    expect((await seminarById(own.db, joburg.id))!.currentAttendees).toBe(1);
    expect(await own.db.select({ n: count() }).from(seminarBookings).where(eq(seminarBookings.userId, other.id))).toEqual([{ n: 1 }]);
  });

  it("anonymises a contact whose bookings are over: they stay, with their seats, as 'Deleted contact'; nobody else loses anything", async () => {
    const { contact, other, durban } = await contactWithBookings();
    // The seats and requests end (a seminar that took place, requests closed).
    await own.db.update(seminarBookings).set({ status: "cancelled", holdExpiresAt: null }).where(and(eq(seminarBookings.userId, contact.id), eq(seminarBookings.isPaid, false)));
    await own.db.update(seminars).set({ seminarDate: "2020-01-01" }).where(eq(seminars.id, durban.id));
    await own.db.update(consultationBookings).set({ status: "closed" }).where(eq(consultationBookings.userId, contact.id));

    const result = await deleteContact(own.db, testActor, formOf({ id: contact.id }));
    expect(result).toMatchObject({ ok: true, message: expect.stringMatching(/^Thandi Nkosi's details were anonymised\. Their 4 bookings \(2 seminar bookings and 2 consultations\)/) });
    expect((await own.db.select().from(users).where(eq(users.id, contact.id)))[0]).toMatchObject({ firstName: "Deleted", lastName: "contact", phone: null });
    expect(await own.db.select({ n: count() }).from(consultationBookings).where(eq(consultationBookings.userId, contact.id))).toEqual([{ n: 2 }]);
    expect(await own.db.select({ n: count() }).from(seminarBookings).where(eq(seminarBookings.userId, contact.id))).toEqual([{ n: 2 }]);
    expect((await own.db.select().from(users).where(eq(users.id, other.id)))[0]).toMatchObject({ firstName: "Thandi", email: other.email });
    expect(await own.db.select({ n: count() }).from(seminarBookings).where(and(eq(seminarBookings.userId, other.id), eq(seminarBookings.firstName, "Thandi")))).toEqual([{ n: 1 }]);
  });
});
