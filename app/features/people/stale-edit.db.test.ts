import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultationBookings, users } from "#db/schema/index.ts";
import { formatAdminDate, formatAdminTime } from "~/components/admin/dates.ts";
import { entriesAddedBy, entriesOf, testActor as zanele } from "~/features/activity/testing.server.ts";
import { consultationFormSchema } from "~/features/consultations/schema.ts";
import { requestConsultation } from "~/features/consultations/service.server.ts";
import { StaleEditError } from "~/lib/errors.ts";
import { dispatchAdminIntent } from "~/lib/form-answers.server.ts";
import { bookingReference } from "~/lib/ids.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { createContact, updateContact } from "./admin.server.ts";

// No lost updates on the Users screen (issue 14, docs/decisions/014-no-lost-updates.md): an
// edit is saved only over the version its form was opened on. One based on an older version is
// refused, naming who changed the contact and when, and writes and logs nothing.

const database = useTestDatabase(consultationBookings, users);

const nomsa = { id: "admin-nomsa", name: "Nomsa Khumalo", email: "nomsa@thula.example" };
const thandi = { firstName: "Thandi", lastName: "Nkosi", email: "thandi.nkosi@example.co.za", phone: "+27 82 555 0123", preferredContact: "email" };

function formOf(entries: Record<string, string | number | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(entries)) if (value !== undefined) form.set(key, String(value));
  return form;
}

async function create(fields: Record<string, string> = thandi) {
  const result = await createContact(database.db, zanele, formOf(fields));
  if (!result.ok) throw new Error(result.message);
  return (await contactById(result.target!))!;
}

const contactById = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id)))[0];

/** The refusal as the admin reads it, with the time of the log's newest entry about the contact. */
async function refusalNaming(name: string, contactId: string, what = "") {
  const last = (await entriesOf(database.db, "contact", contactId)).at(-1)!;
  return `${name} changed this user at ${formatAdminTime(last.at)} on ${formatAdminDate(last.at)}${what}, after you opened it, so your changes were not saved. What you typed is still below: copy what you need, then reload the page to see the current version.`;
}

describe(`editing a user someone else changed since (${testEngine})`, () => {
  it("saves the first of two edits opened on the same version, refuses the second naming who and when, and keeps the first", async () => {
    const contact = await create();
    expect(contact.version).toBe(1);
    expect(await updateContact(database.db, nomsa, formOf({ ...thandi, id: contact.id, version: 1, lastName: "Nkosi-Dube" }))).toMatchObject({ ok: true });
    const saved = await contactById(contact.id);
    expect(saved).toMatchObject({ lastName: "Nkosi-Dube", version: 2 });

    let refusal: unknown;
    const added = await entriesAddedBy(database.db, async () => {
      refusal = await updateContact(database.db, zanele, formOf({ ...thandi, id: contact.id, version: 1, phone: "+27 83 444 0987" })).catch((error: unknown) => error);
    });
    expect(refusal).toBeInstanceOf(StaleEditError);
    expect((refusal as Error).message).toBe(await refusalNaming("Nomsa Khumalo", contact.id));
    expect(added).toBe(0);
    expect(await contactById(contact.id)).toEqual(saved);
  });

  it("bumps the version with every save, so the same form saves again once it carries the new one", async () => {
    const contact = await create();
    expect(await updateContact(database.db, zanele, formOf({ ...thandi, id: contact.id, version: 1, phone: "+27 83 444 0987" }))).toMatchObject({ ok: true });
    expect(await updateContact(database.db, zanele, formOf({ ...thandi, id: contact.id, version: 2, phone: "+27 83 444 0000" }))).toMatchObject({ ok: true });
    expect(await contactById(contact.id)).toMatchObject({ phone: "+27 83 444 0000", version: 3 });
    expect((await entriesOf(database.db, "contact", contact.id)).map((entry) => entry.action)).toEqual(["contact.create", "contact.update", "contact.update"]);
  });

  it("refuses a form that does not say which version it was opened on, writing and logging nothing", async () => {
    const contact = await create();
    for (const version of [undefined, "", "0", "two", "1.5"]) {
      const added = await entriesAddedBy(database.db, () =>
        expect(updateContact(database.db, zanele, formOf({ ...thandi, id: contact.id, version, firstName: "Thandiwe" }))).rejects.toThrow(
          "Your changes were not saved: the form did not say which version of this user you opened",
        ),
      );
      expect(added).toBe(0);
    }
    expect(await contactById(contact.id)).toMatchObject({ firstName: "Thandi", version: 1 });
  });

  it("answers a stale save 409, marked stale, with every value typed (and the old version) to refill the form", async () => {
    const contact = await create();
    await updateContact(database.db, nomsa, formOf({ ...thandi, id: contact.id, version: 1, address: "7 Kloof Road, Cape Town" }));
    const typed = { ...thandi, intent: "update-user", id: contact.id, version: "1", firstName: "Thandiwe", address: "" };
    const request = new Request("https://thula.example/admin/users?edit=x", { method: "POST", body: new URLSearchParams(typed) });
    const answer = (await dispatchAdminIntent(request, { "update-user": (form) => updateContact(database.db, zanele, form) })) as unknown as {
      data: Record<string, unknown>;
      init: { status?: number } | null;
    };
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toMatchObject({ ok: false, stale: true, intent: "update-user", target: contact.id, message: await refusalNaming("Nomsa Khumalo", contact.id) });
    const { intent: _intent, ...values } = typed;
    expect(answer.data.values).toEqual(values);
    expect(await contactById(contact.id)).toMatchObject({ firstName: "Thandi", address: "7 Kloof Road, Cape Town", version: 2 });
  });

  it("makes a booking that fills in a missing detail a new version, logged as the system's, so an edit opened before it cannot empty it again", async () => {
    const contact = await create({ ...thandi, phone: "" });
    const visitor = consultationFormSchema.parse({ ...thandi, email: "THANDI.NKOSI@example.co.za", phone: "+27 82 555 0999", preferredTime: "morning" });
    await requestConsultation(database.db, { type: "free", form: visitor }, { siteUrl: "https://thula.example" });
    expect(await contactById(contact.id)).toMatchObject({ phone: "+27 82 555 0999", version: 2 });
    expect((await entriesOf(database.db, "contact", contact.id)).at(-1)).toMatchObject({
      actorId: null,
      actorName: "System",
      action: "contact.fill-in",
      summary: `A booking filled in missing contact details of user ${bookingReference(contact.id)}`,
    });

    // The Edit form opened before the booking still shows no phone: saving it would erase the one just given.
    // The refusal is worked out first: a rejection must have its handler before the test awaits anything else.
    const refusal = await refusalNaming("System", contact.id, ` (A booking filled in missing contact details of user ${bookingReference(contact.id)})`);
    await expect(updateContact(database.db, zanele, formOf({ ...thandi, phone: "", id: contact.id, version: 1, lastName: "Nkosi-Dube" }))).rejects.toThrow(refusal);
    expect(await contactById(contact.id)).toMatchObject({ phone: "+27 82 555 0999", lastName: "Nkosi", version: 2 });

    // A booking with nothing to fill in changes nothing: the same version, nothing logged.
    const added = await entriesAddedBy(database.db, () => requestConsultation(database.db, { type: "free", form: visitor }, { siteUrl: "https://thula.example" }));
    expect(added).toBe(0);
    expect(await contactById(contact.id)).toMatchObject({ version: 2 });
  });
});
