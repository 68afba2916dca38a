import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultationBookings, emailOutbox, users } from "#db/schema/index.ts";
import { formatAdminDate, formatAdminTime } from "~/components/admin/dates.ts";
import { entriesAddedBy, entriesOf, testActor as zanele } from "~/features/activity/testing.server.ts";
import { StaleEditError } from "~/lib/errors.ts";
import { dispatchAdminIntent } from "~/lib/form-answers.server.ts";
import { bookingReference } from "~/lib/ids.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { addConsultationNote, changeConsultationStatus, deleteConsultationNote, sendConsultationIntroEmail, setConsultationPaid } from "./admin-actions.server.ts";
import { consultationForAdmin } from "./admin.server.ts";
import { consultationPaidItem } from "./service.server.ts";

// No lost updates in the consultation details dialog (issue 14, docs/decisions/014-no-lost-updates.md):
// every change from the dialog (a status, paid or unpaid, a note added or deleted) is made
// only at the version the dialog opened. One based on an older version is refused, naming
// who changed the consultation and when, and writes and logs nothing. An online payment is
// a new version too, logged as the system's.

const siteUrl = "https://thula.example";
// Paid consultations cannot be deleted (docs/decisions/015): only the outbox is emptied, and each test makes its own consultation.
const database = useTestDatabase(emailOutbox);
const nomsa = { id: "admin-nomsa", name: "Nomsa Khumalo", email: "nomsa@thula.example" };

function formOf(entries: Record<string, string | number | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(entries)) if (value !== undefined) form.set(key, String(value));
  return form;
}

let counter = 0;

/** A paid consultation, pending and unpaid, with one note: at version 1. */
async function insertConsultation() {
  counter += 1;
  const [contact] = await database.db
    .insert(users)
    .values({ firstName: "Thandi", lastName: "Nkosi", email: `thandi.${counter}@example.co.za`, phone: "+27 82 555 0123" })
    .returning();
  const [booking] = await database.db
    .insert(consultationBookings)
    .values({
      userId: contact!.id,
      firstName: "Thandi",
      lastName: "Nkosi",
      email: contact!.email,
      consultationType: "paid",
      status: "pending",
      isPaid: false,
      amountCents: 349900,
      adminNotes: [{ datetime: "2026-03-01T08:00:00.000Z", note: "Asked for a call back.", admin_name: "Zanele Dube" }],
    })
    .returning();
  return booking!;
}

const bookingById = async (id: string) => (await database.db.select().from(consultationBookings).where(eq(consultationBookings.id, id)))[0]!;

/** The refusal as the admin reads it, naming the log's newest entry about the consultation that changed it. */
function refusalNaming(name: string, at: Date, what = "") {
  return `${name} changed this consultation at ${formatAdminTime(at)} on ${formatAdminDate(at)}${what}, after you opened it, so your changes were not saved. What you typed is still below: copy what you need, then reload the page to see the current version.`;
}

/** The dialog's changes, each as posted from a dialog opened on `version`. */
const changes = {
  "change status": (id: string, version: number) => changeConsultationStatus(database.db, zanele, formOf({ id, version, status: "confirmed" }), { siteUrl }),
  "mark as paid": (id: string, version: number) => setConsultationPaid(database.db, zanele, formOf({ id, version }), true),
  "add a note": (id: string, version: number) => addConsultationNote(database.db, zanele, formOf({ id, version, note: "Sent the checklist." })),
  "delete a note": (id: string, version: number) =>
    deleteConsultationNote(database.db, zanele, formOf({ id, version, index: 0, noteDatetime: "2026-03-01T08:00:00.000Z", confirm: "delete" })),
} as const;

describe(`changing a consultation someone else changed since (${testEngine})`, () => {
  it.each(Object.keys(changes) as Array<keyof typeof changes>)("refuses '%s' from a dialog opened before another admin's change, naming them, writing and logging nothing", async (name) => {
    const booking = await insertConsultation();
    expect(await addConsultationNote(database.db, nomsa, formOf({ id: booking.id, version: 1, note: "Called: she will pay on Friday." }))).toMatchObject({ ok: true });
    const nomsasNote = (await entriesOf(database.db, "consultation", booking.id)).at(-1)!;
    // Queuing an e-mail leaves the consultation as it was: the refusal still names Nomsa's change.
    await sendConsultationIntroEmail(database.db, zanele, formOf({ id: booking.id }), { siteUrl });
    const before = await bookingById(booking.id);
    expect(before.version).toBe(2);

    let refusal: unknown;
    const added = await entriesAddedBy(database.db, async () => {
      refusal = await changes[name](booking.id, 1).catch((error: unknown) => error);
    });
    expect(refusal).toBeInstanceOf(StaleEditError);
    expect((refusal as Error).message).toBe(refusalNaming("Nomsa Khumalo", nomsasNote.at));
    expect(added).toBe(0);
    expect(await bookingById(booking.id)).toEqual(before);
  });

  it.each(Object.keys(changes) as Array<keyof typeof changes>)("makes '%s' from a fresh dialog at its version, and a new version of the consultation", async (name) => {
    const booking = await insertConsultation();
    expect(await changes[name](booking.id, 1)).toMatchObject({ ok: true });
    // A status change is two versions: the status, then the note that says so.
    expect((await bookingById(booking.id)).version).toBe(name === "change status" ? 3 : 2);
    expect((await consultationForAdmin(database.db, booking.id))?.version).toBe((await bookingById(booking.id)).version);
  });

  it("lets the same dialog change again once it carries the new version", async () => {
    const booking = await insertConsultation();
    await addConsultationNote(database.db, zanele, formOf({ id: booking.id, version: 1, note: "First." }));
    expect(await setConsultationPaid(database.db, zanele, formOf({ id: booking.id, version: 2 }), true)).toMatchObject({ ok: true });
    expect(await bookingById(booking.id)).toMatchObject({ isPaid: true, version: 3 });
  });

  it("refuses a change that does not say which version it was opened on, writing and logging nothing", async () => {
    const booking = await insertConsultation();
    const added = await entriesAddedBy(database.db, () =>
      expect(setConsultationPaid(database.db, zanele, formOf({ id: booking.id }), true)).rejects.toThrow(
        "Your changes were not saved: the form did not say which version of this consultation you opened",
      ),
    );
    expect(added).toBe(0);
    expect(await bookingById(booking.id)).toMatchObject({ isPaid: false, version: 1 });
  });

  it("makes an online payment a new version, logged as the system's, so a dialog opened before it is refused saying what happened", async () => {
    const booking = await insertConsultation();
    await database.db.transaction((tx) => consultationPaidItem(siteUrl).complete(tx, booking.id, "cs_test_stale", new Date()));
    expect(await bookingById(booking.id)).toMatchObject({ isPaid: true, version: 2 });
    const paid = (await entriesOf(database.db, "consultation", booking.id)).at(-1)!;
    const summary = `Consultation ${bookingReference(booking.id)} was paid online`;
    expect(paid).toMatchObject({ actorId: null, actorName: "System", action: "consultation.paid-online", summary });

    // The dialog still shows it unpaid: 'Mark as Paid', then 'Mark as Unpaid' would undo the payment.
    await expect(setConsultationPaid(database.db, zanele, formOf({ id: booking.id, version: 1 }), false)).rejects.toThrow(refusalNaming("System", paid.at, ` (${summary})`));
    expect(await bookingById(booking.id)).toMatchObject({ isPaid: true, version: 2 });
  });

  it("answers a stale note 409, marked stale, with the note typed and the version it was typed on", async () => {
    const booking = await insertConsultation();
    await changeConsultationStatus(database.db, nomsa, formOf({ id: booking.id, version: 1, status: "closed" }), { siteUrl });
    const typed = { intent: "add-note", id: booking.id, version: "1", note: "She asked to confirm Friday." };
    const request = new Request(`${siteUrl}/admin/consultations?view=${booking.id}`, { method: "POST", body: new URLSearchParams(typed) });
    const answer = (await dispatchAdminIntent(request, { "add-note": (form) => addConsultationNote(database.db, zanele, form) })) as unknown as {
      data: Record<string, unknown>;
      init: { status?: number } | null;
    };
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toMatchObject({ ok: false, stale: true, intent: "add-note", target: booking.id, values: { id: booking.id, version: "1", note: typed.note } });
    expect(answer.data.message).toMatch(/^Nomsa Khumalo changed this consultation at /);
    expect((await bookingById(booking.id)).adminNotes.map((note) => note.note)).toEqual(["Asked for a call back.", 'Consultation status changed to "closed"']);
  });
});
