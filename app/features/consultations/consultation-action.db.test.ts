import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultationBookings, emailOutbox, users } from "#db/schema/index.ts";
import { publicFormLimit } from "~/features/abuse/service.server.ts";
import { visitor } from "../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import type { BookingResult } from "./booking-form.ts";
import { answerConsultationForm } from "./submit.server.ts";

// The booking forms' action on a real database: rate limit, honeypot, validation and the
// save, and a bad-input fuzz that must never answer 500 or leave a partial row.

const siteUrl = "https://thula.example";
const database = useTestDatabase();
let ipCounter = 0;

/** A fresh client address per call, so the rate limit only matters where a test wants it. */
const freshIp = () => `198.51.100.${++ipCounter}`;

function formOf(entries: Record<string, string | string[] | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(entries)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  }
  return form;
}

const validEntries = (email: string) => ({
  ...visitor,
  email,
  address: "12 Jacaranda Street, Durban",
  notes: "Moving with two children in March.",
  preferredContact: "whatsapp",
  preferredTime: "afternoon",
});

async function counts() {
  const { db } = database;
  const [[bookings], [contacts], [emails]] = await Promise.all([
    db.select({ n: count() }).from(consultationBookings),
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(emailOutbox),
  ]);
  return { bookings: bookings!.n, contacts: contacts!.n, emails: emails!.n };
}

/** The booking page's answer to a sent form: its status, body and Retry-After. */
type ConsultationSubmission = { status: number; body: BookingResult; retryAfterSeconds?: number };

async function submit(type: "paid" | "free", form: FormData, clientIp = freshIp()): Promise<ConsultationSubmission> {
  const answer = await answerConsultationForm(database.db, { type, form, clientIp, siteUrl, now: new Date("2030-03-01T10:00:00Z") });
  const headers = new Headers(answer.init?.headers);
  return { status: answer.init?.status ?? 200, body: answer.data, retryAfterSeconds: Number(headers.get("Retry-After")) || undefined };
}

function expectRefused(result: ConsultationSubmission, status: number) {
  expect(result.status).toBe(status);
  expect(result.body.ok).toBe(false);
  if (result.body.ok) return;
  expect(result.body.message.length).toBeGreaterThan(10);
}

describe(`submitting the booking forms (${testEngine})`, () => {
  it("books a paid consultation from /consultations/book, whatever type the form claims", async () => {
    const form = formOf({ ...validEntries("paid.visitor@example.com"), type: "free", consultationType: "free", isPaid: "true", amountCents: "0" });
    const result = await submit("paid", form);
    expect(result).toEqual({ status: 200, body: { ok: true, type: "paid", email: "paid.visitor@example.com" } });
    const [booking] = await database.db.select().from(consultationBookings).where(eq(consultationBookings.email, "paid.visitor@example.com"));
    expect(booking).toMatchObject({
      consultationType: "paid",
      isPaid: false,
      status: "pending",
      amountCents: 349900,
      preferredDatetime: "afternoon",
      preferredContact: "whatsapp",
      address: "12 Jacaranda Street, Durban",
    });
    const queued = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "paid.visitor@example.com"));
    expect(queued.map((email) => email.kind)).toEqual(["consultation-requested"]);
  });

  it("books a free call from /consultations/book-free with the defaults of docs/product.md §5.3, §6.2 and §6.4", async () => {
    const { preferredContact: _contact, preferredTime: _time, ...entries } = validEntries("free.visitor@example.com");
    const result = await submit("free", formOf(entries));
    expect(result.body).toEqual({ ok: true, type: "free", email: "free.visitor@example.com" });
    const [booking] = await database.db.select().from(consultationBookings).where(eq(consultationBookings.email, "free.visitor@example.com"));
    expect(booking).toMatchObject({ consultationType: "free", isPaid: true, status: "pending", preferredDatetime: "morning", preferredContact: "email" });
  });

  it("answers a filled honeypot exactly like a success, and saves and queues nothing", async () => {
    const before = await counts();
    const result = await submit("paid", formOf({ ...validEntries("bot@example.com"), website: "https://spam.example" }));
    expect(result).toEqual({ status: 200, body: { ok: true, type: "paid", email: "bot@example.com" } });
    expect(await counts()).toEqual(before);
  });

  it("refuses bad input with 422 and a message per field, saving nothing and keeping every value", async () => {
    const before = await counts();
    const result = await submit("paid", formOf({ firstName: "Thandi", lastName: "", email: "not-an-email", phone: "call me", notes: "Keep this", website: "" }));
    expectRefused(result, 422);
    if (result.body.ok) throw new Error("expected a refusal");
    expect(result.body.fieldErrors).toEqual({
      lastName: ["Please enter your last name."],
      email: ["Please enter a valid e-mail address, like name@example.com."],
      phone: ["Please enter a phone number using digits, spaces and an optional +, like +27 82 555 0123."],
    });
    expect(result.body.values).toEqual({ firstName: "Thandi", lastName: "", email: "not-an-email", phone: "call me", notes: "Keep this" });
    expect(await counts()).toEqual(before);
  });

  it("answers 429 with a readable message past the limit for one client address, and saves nothing", async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < publicFormLimit.limit; attempt++) {
      expect((await submit("free", formOf({ firstName: "" }), ip)).status).toBe(422);
    }
    const before = await counts();
    const result = await submit("free", formOf(validEntries("limited@example.com")), ip);
    expectRefused(result, 429);
    expect(result.retryAfterSeconds).toBeGreaterThan(0);
    if (!result.body.ok) {
      expect(result.body.message).toMatch(/^Too many requests from your connection\. Please wait \d+ minutes? and try again/);
      expect(result.body.values.email).toBe("limited@example.com");
    }
    expect(await counts()).toEqual(before);
    // Another address is unaffected.
    expect((await submit("free", formOf(validEntries("not.limited@example.com")))).status).toBe(200);
  });
});

const long = (length: number) => "a".repeat(length);

// Input a bot or a hand-crafted request might send. Each must be refused with a clear 4xx.
const refusedCases: Array<[string, Record<string, string | string[] | undefined>, Record<string, string>]> = [
  ["every field empty", { firstName: "", lastName: "", email: "", phone: "", address: "", notes: "", preferredContact: "", preferredTime: "" }, {
    firstName: "Please enter your first name.",
    preferredContact: "Please choose how we should contact you: email, phone or WhatsApp.",
    preferredTime: "Please choose a preferred time: morning, afternoon or evening.",
  }],
  ["nothing sent at all", {}, { firstName: "Please enter your first name.", email: "Please enter your e-mail address." }],
  ["only spaces and zero-width spaces in the e-mail", { ...validEntries("x@example.com"), email: " \u200b\u200b " }, { email: "Please enter a valid e-mail address, like name@example.com." }],
  ["a 10k-character first name", { ...validEntries("x@example.com"), firstName: long(10_000) }, { firstName: "Your first name must be at most 100 characters." }],
  ["a 100k-character note", { ...validEntries("x@example.com"), notes: long(100_000) }, { notes: "Your notes must be at most 2000 characters." }],
  ["a 10k-character phone", { ...validEntries("x@example.com"), phone: "1".repeat(10_000) }, { phone: "Your phone number must be at most 30 characters." }],
  ["an emoji e-mail address", { ...validEntries("x@example.com"), email: "😀@😀" }, { email: "Please enter a valid e-mail address, like name@example.com." }],
  ["a script as the e-mail", { ...validEntries("x@example.com"), email: "<script>alert(1)</script>" }, { email: "Please enter a valid e-mail address, like name@example.com." }],
  ["HTML in the phone", { ...validEntries("x@example.com"), phone: "<b>0825550123</b>" }, {
    phone: "Please enter a phone number using digits, spaces and an optional +, like +27 82 555 0123.",
  }],
  ["repeated first names (an array)", { ...validEntries("x@example.com"), firstName: ["Thandi", "Sipho"] }, { firstName: "Please enter your first name." }],
  ["repeated preferred times (an array)", { ...validEntries("x@example.com"), preferredTime: ["morning", "evening"] }, {
    preferredTime: "Please choose a preferred time: morning, afternoon or evening.",
  }],
  ["an unknown preferred time", { ...validEntries("x@example.com"), preferredTime: "midnight" }, {
    preferredTime: "Please choose a preferred time: morning, afternoon or evening.",
  }],
  ["an unknown preferred contact", { ...validEntries("x@example.com"), preferredContact: "carrier-pigeon" }, {
    preferredContact: "Please choose how we should contact you: email, phone or WhatsApp.",
  }],
  ["a missing last name and phone", { ...validEntries("x@example.com"), lastName: undefined, phone: undefined }, {
    lastName: "Please enter your last name.",
    phone: "Please enter your phone number.",
  }],
  ["NUL characters only", { ...validEntries("x@example.com"), firstName: "\u0000\u0000" }, { firstName: "Please enter your first name." }],
];

describe(`bad input fuzz on both forms (${testEngine})`, () => {
  for (const type of ["paid", "free"] as const) {
    for (const [label, entries, expectedErrors] of refusedCases) {
      it(`${type}: ${label} → 422 with clear messages, nothing written`, async () => {
        const before = await counts();
        const result = await submit(type, formOf(entries));
        expectRefused(result, 422);
        if (!result.body.ok) {
          for (const [field, message] of Object.entries(expectedErrors)) expect(result.body.fieldErrors[field]).toContain(message);
          for (const value of Object.values(result.body.values)) expect(value.length).toBeLessThanOrEqual(5000);
        }
        expect(await counts()).toEqual(before);
      });
    }
  }

  // Unusual but legitimate input is stored exactly once, as typed; it is escaped wherever it is shown.
  const acceptedCases: Array<[string, Record<string, string>, Partial<Record<"firstName" | "lastName" | "description" | "address", string>>]> = [
    ["emoji, RTL and zero-width characters", { firstName: "Zoë 🌍", lastName: "\u202eأحمد\u200d", notes: "Family of 👨‍👩‍👧 moving\u200b soon" }, {
      firstName: "Zoë 🌍",
      // Invisible formatting characters (an RTL override is a spoofing trick) are dropped from names.
      lastName: "أحمد",
      description: "Family of 👨‍👩‍👧 moving\u200b soon",
    }],
    ["HTML and script in the name and notes", { firstName: "<script>alert(1)</script>", notes: "<img src=x onerror=alert(1)>" }, {
      firstName: "<script>alert(1)</script>",
      description: "<img src=x onerror=alert(1)>",
    }],
    ["NUL and control characters inside text", { firstName: "Tha\u0000ndi", address: "12\u0007 Main Road" }, { firstName: "Thandi", address: "12 Main Road" }],
  ];

  for (const [label, overrides, stored] of acceptedCases) {
    it(`accepts ${label}, storing one booking and one contact`, async () => {
      const email = `accepted.${label.length}.${ipCounter}@example.com`;
      const before = await counts();
      const result = await submit("paid", formOf({ ...validEntries(email), ...overrides }));
      expect(result.status).toBe(200);
      const after = await counts();
      expect(after).toEqual({ bookings: before.bookings + 1, contacts: before.contacts + 1, emails: before.emails + 1 });
      const [booking] = await database.db.select().from(consultationBookings).where(eq(consultationBookings.email, email));
      expect(booking).toMatchObject(stored);
      const [email_] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
      expect(email_!.htmlBody).not.toContain("<script>");
    });
  }
});
