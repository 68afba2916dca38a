import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, seminarBookings, users } from "#db/schema/index.ts";
import { loadSettings } from "~/lib/env.server.ts";
import { MAX_FORM_BYTES } from "~/lib/forms.server.ts";
import { insertSeminar, seminarById, visitor } from "../../../../tests/support/fixtures.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../../tests/support/test-database.ts";
import type { BookingActionResult } from "../booking/actions.ts";
import { bookingPageAction } from "../booking/actions.server.ts";

// Every field of the booking form fuzzed through the page's action, as a browser or a
// hand-made request reaches it. Whatever is sent, the answer is either a held seat with the
// text stored as typed (inert, never interpreted) or a clear 4xx with a human message, and a
// refused request leaves no row behind: no booking, no contact, no e-mail, no seat taken.

let database: TestDatabase;
let seminarId: string;
const settings = loadSettings({ SITE_URL: "https://thula.example", LOG_LEVEL: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
  seminarId = (await insertSeminar(database.db, { maxAttendees: 1000 })).id;
});
afterAll(async () => {
  await database?.close();
});

const bookingFields = ["firstName", "lastName", "email", "phone", "address", "notes", "preferredContact"] as const;
type BookingField = (typeof bookingFields)[number];
const requiredFields = ["firstName", "lastName", "email", "phone"] as const;

/** A field's value: one string, several (a repeated key), or `null` to leave the field out. */
type FieldValue = string | string[] | null;
type Fields = Partial<Record<BookingField | (string & {}), FieldValue>>;

let emailCounter = 0;
/** A valid booking with a fresh e-mail, so every accepted case creates exactly one contact. */
function validFields(): Record<string, string> {
  emailCounter += 1;
  return { intent: "book", ...visitor, email: `fuzz-${emailCounter}@example.com` };
}

function encode(fields: Fields): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) body.append(key, one);
  }
  return body;
}

type Answer = { status: number; body: BookingActionResult | undefined };

let clientCounter = 0;

/** Each attempt comes from an address of its own: the per-address hold limit has its own tests. */
async function act(id: string, request: Request): Promise<Answer> {
  clientCounter += 1;
  const result = await bookingPageAction({ db: database.db, settings }, { ip: `fuzz-client-${clientCounter}` }, id, request);
  if (result instanceof Response) return { status: result.status, body: undefined };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    return { status: result.init?.status ?? 200, body: result.data as BookingActionResult };
  }
  return { status: 200, body: result as BookingActionResult };
}

function post(body: BodyInit, headers?: HeadersInit) {
  return new Request("https://thula.example/events/book/x", { method: "POST", body, headers });
}

/** What the database holds that a booking attempt could add to. */
async function footprint() {
  const { db } = database;
  const [[bookings], [contacts], [emails], seminar] = await Promise.all([
    db.select({ n: count() }).from(seminarBookings),
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(emailOutbox),
    seminarById(db, seminarId),
  ]);
  return { bookings: bookings!.n, contacts: contacts!.n, emails: emails!.n, seatsTaken: seminar!.currentAttendees };
}

const clientErrors = [400, 404, 409, 413, 422];
const huge = (length: number) => "x".repeat(length);
const tooLargeMessage = "That form is too large to send. Please shorten your message and try again.";

type Refused = {
  status: 400 | 404 | 409 | 413 | 422;
  /** The fields that must carry a message (422 only); exactly these, no more. */
  fields?: BookingField[];
  /** The top message, when it is a specific one. */
  message?: string | RegExp;
};
/** The seat is held and the columns hold exactly these values (trimmed, invisible characters dropped). */
type Accepted = { stored: Partial<Record<BookingField, string | null>> };
type Case = { name: string; fields: Fields; seminar?: string; expect: Refused | Accepted };

/** One case per field for each kind of bad value, so a new field in the form needs one line here. */
const perField = (kind: string, value: FieldValue, expected: (field: BookingField) => Refused | Accepted): Case[] =>
  bookingFields.map((field) => ({ name: `${field}: ${kind}`, fields: { [field]: value }, expect: expected(field) }));

const refusedOn = (field: BookingField): Refused => ({ status: 422, fields: [field], message: "Please correct the highlighted fields." });
const optional = (field: BookingField) => field === "address" || field === "notes";

const cases: Case[] = [
  // Empty, blank and missing.
  ...perField("empty", "", (field) => (optional(field) ? { stored: { [field]: null } } : refusedOn(field))),
  ...perField("spaces only", "    ", (field) => (optional(field) ? { stored: { [field]: null } } : refusedOn(field))),
  ...perField("missing", null, (field) =>
    field === "preferredContact" ? { stored: { preferredContact: "email" } } : optional(field) ? { stored: { [field]: null } } : refusedOn(field),
  ),
  { name: "every field missing", fields: Object.fromEntries(bookingFields.map((field) => [field, null])), expect: { status: 422, fields: [...requiredFields] } },
  { name: "firstName: only zero-width characters", fields: { firstName: "\u200b\u200c\u200d\ufeff" }, expect: refusedOn("firstName") },
  { name: "lastName: only an RTL mark", fields: { lastName: "\u200f" }, expect: refusedOn("lastName") },

  // Huge: 10k characters is over every field's limit; a 100k body is refused before parsing.
  ...perField("10k characters", huge(10_000), refusedOn),
  ...perField("100k characters", huge(100_000), () => ({ status: 413, message: tooLargeMessage })),
  {
    name: "10k characters in every field at once (over the 64 KB body limit)",
    fields: Object.fromEntries(bookingFields.map((field) => [field, huge(10_000)])),
    expect: { status: 413, message: tooLargeMessage },
  },
  { name: "firstName: 100 characters (the limit) is fine", fields: { firstName: "é".repeat(100) }, expect: { stored: { firstName: "é".repeat(100) } } },
  { name: "firstName: 101 characters", fields: { firstName: "é".repeat(101) }, expect: refusedOn("firstName") },
  { name: "notes: 2001 characters", fields: { notes: huge(2001) }, expect: refusedOn("notes") },

  // Unicode: real names and notes are kept exactly; invisible and control characters are not.
  { name: "firstName: accents and emoji", fields: { firstName: "Zoë 🦓" }, expect: { stored: { firstName: "Zoë 🦓" } } },
  { name: "lastName: Arabic (RTL)", fields: { lastName: "النكوسي" }, expect: { stored: { lastName: "النكوسي" } } },
  { name: "lastName: Hebrew with RTL override", fields: { lastName: "\u202eכהן" }, expect: { stored: { lastName: "כהן" } } },
  { name: "firstName: zero-width joiners inside", fields: { firstName: "Tha\u200bn\u200ddi" }, expect: { stored: { firstName: "Thandi" } } },
  { name: "firstName: NUL and control characters", fields: { firstName: "Tha\u0000nd\u0007i" }, expect: { stored: { firstName: "Thandi" } } },
  { name: "address: CJK and emoji", fields: { address: "東京都 1-2-3 🏠" }, expect: { stored: { address: "東京都 1-2-3 🏠" } } },
  { name: "notes: mixed scripts, RTL and emoji", fields: { notes: "Family of 4 👨‍👩‍👧‍👦 — שלום — مرحبا" }, expect: { stored: { notes: "Family of 4 👨‍👩‍👧‍👦 — שלום — مرحبا" } } },
  { name: "email: emoji", fields: { email: "🦓@example.com" }, expect: refusedOn("email") },
  { name: "email: zero-width inside", fields: { email: "tha\u200bndi@example.com" }, expect: refusedOn("email") },
  { name: "phone: Arabic-Indic digits", fields: { phone: "+٢٧ ٨٢ ٥٥٥ ٠١٢٣" }, expect: refusedOn("phone") },
  { name: "preferredContact: full-width letters", fields: { preferredContact: "ｅｍａｉｌ" }, expect: refusedOn("preferredContact") },

  // HTML and script: stored as inert text where the field allows free text, refused where it has a format.
  { name: "firstName: script tag", fields: { firstName: "<script>alert(1)</script>" }, expect: { stored: { firstName: "<script>alert(1)</script>" } } },
  { name: "lastName: attribute breakout", fields: { lastName: `"><img src=x onerror=alert(1)>` }, expect: { stored: { lastName: `"><img src=x onerror=alert(1)>` } } },
  { name: "address: HTML", fields: { address: "<b>1 Main Rd</b>" }, expect: { stored: { address: "<b>1 Main Rd</b>" } } },
  { name: "notes: script and SQL", fields: { notes: "<script>fetch('/admin')</script>'; drop table users; --" }, expect: { stored: { notes: "<script>fetch('/admin')</script>'; drop table users; --" } } },
  { name: "email: script tag", fields: { email: "<script>@example.com" }, expect: refusedOn("email") },
  { name: "phone: HTML", fields: { phone: "<b>0825550123</b>" }, expect: refusedOn("phone") },
  { name: "preferredContact: script tag", fields: { preferredContact: "<script>alert(1)</script>" }, expect: refusedOn("preferredContact") },

  // Wrong types: a repeated key arrives as a list, which no field accepts.
  ...perField("repeated key (a list)", ["one", "two"], refusedOn),
  ...bookingFields.map((field): Case => {
    const valid = { ...visitor, email: "same@example.com", address: "1 Main Rd", notes: "Hi" }[field];
    return { name: `${field}: repeated key with the same valid value`, fields: { [field]: [valid, valid] }, expect: refusedOn(field) };
  }),

  // Unknown choices.
  ...["fax", "EMAIL", "sms", "email ", "0", "true"].map(
    (value): Case => ({
      name: `preferredContact: unknown value ${JSON.stringify(value)}`,
      fields: { preferredContact: value },
      expect: refusedOn("preferredContact"),
    }),
  ),

  // Extra keys are ignored (the price and seminar come from the database and the URL only).
  {
    name: "extra and prototype-polluting keys",
    fields: { __proto__: ["polluted"], constructor: "x", isAdmin: "true", amountCents: "1", seminarId: "00000000-0000-4000-8000-000000000000" },
    expect: { stored: { firstName: visitor.firstName } },
  },

  // The seminar id in the URL.
  ...["not-an-id", "", "../../admin", "1 OR 1=1", "00000000-0000-4000-8000-00000000000g", huge(10_000), "<script>alert(1)</script>", "\u0000"].map(
    (id): Case => ({ name: `seminar id ${JSON.stringify(id.slice(0, 40))}`, fields: {}, seminar: id, expect: { status: 404, message: "Seminar not found" } }),
  ),
  { name: "seminar id: well-formed but unknown", fields: {}, seminar: "00000000-0000-4000-8000-000000000000", expect: { status: 404, message: "Seminar not found" } },
];

function describeCase(c: Case) {
  return "stored" in c.expect ? `${c.name} → held, stored as sent` : `${c.name} → ${c.expect.status}`;
}

describe(`fuzzing the booking form (${testEngine})`, () => {
  it.each(cases.map((c) => [describeCase(c), c] as const))("%s", async (_, c) => {
    const fields: Fields = { ...validFields(), ...c.fields };
    const before = await footprint();
    const answer = await act(c.seminar ?? seminarId, post(encode(fields)));
    const after = await footprint();

    expect(clientErrors.concat(200), `status ${answer.status}`).toContain(answer.status);
    expect(answer.body).toBeDefined();
    const body = answer.body!;

    if ("stored" in c.expect) {
      expect(answer.status).toBe(200);
      if (!body.ok) throw new Error(`expected a held seat, got ${answer.status}: ${JSON.stringify(body).slice(0, 500)}`);
      expect(after).toEqual({ ...before, bookings: before.bookings + 1, contacts: before.contacts + 1, seatsTaken: before.seatsTaken + 1 });
      const [row] = await database.db.select().from(seminarBookings).where(eq(seminarBookings.id, body.bookingId));
      expect(row).toMatchObject({ seminarId, status: "pending", isPaid: false, amountCents: 120000, ...c.expect.stored });
      return;
    }

    // Refused: a clear status and a human message, field messages for validation, nothing written.
    expect(answer.status).toBe(c.expect.status);
    if (body.ok) throw new Error("expected a refusal");
    expect(body.message).toMatch(/^[A-Z][^\n]{5,200}$/);
    expect(body.message).not.toMatch(/error:|exception|stack|undefined|null|\bat \w+ \(/i);
    if (c.expect.message) expect(body.message).toMatch(c.expect.message);
    if (c.expect.status === 422) {
      expect(Object.keys(body.fieldErrors).sort()).toEqual([...(c.expect.fields ?? [])].sort());
      for (const messages of Object.values(body.fieldErrors)) {
        expect(messages!.length).toBeGreaterThan(0);
        for (const message of messages!) expect(message).toMatch(/^[A-Z].{5,}/);
      }
    } else {
      expect(body.fieldErrors).toEqual({});
    }
    // Values to refill the form are bounded, whatever was sent.
    for (const value of Object.values(body.values)) expect(value.length).toBeLessThanOrEqual(5000);
    expect(after).toEqual(before);
  });
});

describe(`booking requests that are not a form (${testEngine})`, () => {
  const bodies: { name: string; request: () => Request; status: number; message?: string }[] = [
    {
      name: "a JSON body",
      request: () => post(JSON.stringify({ intent: "book", ...visitor }), { "content-type": "application/json" }),
      status: 400,
    },
    {
      name: "a declared Content-Length over the limit",
      request: () => post(encode(validFields()), { "content-length": String(MAX_FORM_BYTES + 1) }),
      status: 413,
      message: tooLargeMessage,
    },
    { name: "no body at all", request: () => new Request("https://thula.example/events/book/x", { method: "POST" }), status: 400 },
    {
      name: "a multipart form whose firstName is a file",
      request: () => {
        const form = new FormData();
        for (const [key, value] of Object.entries(validFields())) form.append(key, value);
        form.set("firstName", new Blob(["Thandi"], { type: "text/plain" }), "name.txt");
        return post(form);
      },
      status: 422,
    },
    { name: "a malformed multipart body", request: () => post("--nope\r\n\r\n", { "content-type": "multipart/form-data; boundary=x" }), status: 400 },
  ];

  it.each(bodies.map((b) => [b.name, b] as const))("%s → a clear 4xx, nothing written", async (_, b) => {
    const before = await footprint();
    const answer = await act(seminarId, b.request());
    expect(answer.status).toBe(b.status);
    expect(answer.body).toMatchObject({ ok: false });
    const body = answer.body as Extract<BookingActionResult, { ok: false }>;
    expect(body.message).toMatch(/^[A-Z][^\n]{5,200}$/);
    if (b.message) expect(body.message).toBe(b.message);
    if (b.status === 422) expect(Object.keys(body.fieldErrors)).toEqual(["firstName"]);
    expect(await footprint()).toEqual(before);
  });
});
