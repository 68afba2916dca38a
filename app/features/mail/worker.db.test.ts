import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "#db/schema/outbox.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database.ts";
import { setLogLevel } from "~/lib/log.server.ts";
import { queueEmail } from "./service.server.ts";
import { ticketQrPngBase64 } from "~/features/seminars/tickets/tickets.server.ts";
import { seminarBookingConfirmedEmail } from "../seminars/emails/booking-confirmed.ts";
import { seminarHoldExpiredEmail } from "../seminars/emails/hold-expired.ts";
import { oysterBoxSeminar } from "../seminars/testing/seminars.ts";
import { startSmtpRecorder, type SmtpRecorder } from "./testing/smtp-recorder.ts";
import { createMailTransport, type MailTransport } from "./transport.server.ts";
import { deliverDueEmails, startMailWorker } from "./worker.server.ts";

const MINUTE = 60_000;
const seminar = oysterBoxSeminar;

let database: TestDatabase;
let smtp: SmtpRecorder;
let transport: MailTransport;

beforeAll(async () => {
  setLogLevel("silent");
  database = await createTestDatabase();
  smtp = await startSmtpRecorder();
  transport = createMailTransport({ smtpUrl: smtp.url, from: "Thula Relocations <hello@thularelocations.co.uk>" })!;
});

afterAll(async () => {
  transport?.close();
  await smtp?.close();
  await database?.close();
  setLogLevel("info");
});

beforeEach(async () => {
  await database.db.delete(emailOutbox);
  smtp.received.length = 0;
  smtp.refuse = undefined;
  smtp.delayMs = 0;
});

async function row(id: string) {
  const [found] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return found!;
}

async function queueNote(index: number, options: { nextAttemptAt?: Date } = {}) {
  const { id } = await queueEmail(database.db, {
    kind: "test-note",
    to: `person${index}@example.com`,
    subject: `Note ${index}`,
    text: `Plain note ${index}`,
    html: `<p>Note ${index}</p>`,
  });
  if (options.nextAttemptAt) await database.db.update(emailOutbox).set({ nextAttemptAt: options.nextAttemptAt }).where(eq(emailOutbox.id, id!));
  return id!;
}

describe("deliverDueEmails through a real SMTP server", () => {
  it("delivers queued e-mails with their bodies and calendar attachment, then marks them sent", async () => {
    const bookingId = "3f2a9c1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
    const confirmed = await queueEmail(
      database.db,
      seminarBookingConfirmedEmail({
        bookingId,
        firstName: "Thandi",
        lastName: "Nkosi",
        email: "thandi@example.com",
        amountCents: 120000,
        seminar,
        siteUrl: "https://thula.example",
        tickets: [{ code: "Q2hhcmxpZS1pcy1oZXJlLTEy", seatNumber: 1, attendeeName: "Thandi Nkosi", qrPngBase64: await ticketQrPngBase64("https://thula.example", "Q2hhcmxpZS1pcy1oZXJlLTEy") }],
      }),
    );
    const expired = await queueEmail(
      database.db,
      seminarHoldExpiredEmail({ bookingId: "9a8b7c6d-0000-4000-8000-000000000002", firstName: "Sipho", email: "sipho@example.com", seminar, siteUrl: "https://thula.example" }),
    );

    const now = new Date();
    expect(await deliverDueEmails(database.db, transport, { now })).toEqual({ sent: 2, retried: 0, failed: 0 });

    expect(smtp.received).toHaveLength(2);
    const booking = smtp.received.find((message) => message.envelopeTo.includes("thandi@example.com"))!;
    expect(booking.subject).toBe("You're booked: Moving to the UK: Durban on 5 December 2026");
    expect(booking.text).toContain("Booking reference: 3F2A9C1E");
    expect(booking.text).toContain("18:00 (South African time)");
    expect(booking.html).toContain("R1200.00");
    expect(booking.html).toContain("background-color:#0f2140");
    expect(booking.attachments).toHaveLength(1);
    expect(booking.attachments[0]!.filename).toBe("thula-seminar.ics");
    expect(booking.attachments[0]!.contentType).toMatch(/^text\/calendar; charset=utf-8; method=PUBLISH/i);
    expect(booking.attachments[0]!.content.toString("utf8")).toContain("\r\nDTSTART:20261205T160000Z\r\n");
    // The ticket's QR code travels inside the message, shown by the HTML through its Content-ID.
    expect(booking.inlineImages).toHaveLength(1);
    expect(booking.inlineImages[0]!.contentType).toMatch(/^image\/png/);
    expect(booking.inlineImages[0]!.content.subarray(1, 4).toString()).toBe("PNG");
    expect(booking.html).toContain(`src="cid:${booking.inlineImages[0]!.contentId}"`);

    const hold = smtp.received.find((message) => message.envelopeTo.includes("sipho@example.com"))!;
    expect(hold.subject).toContain("has been released");
    expect(hold.text).toContain(`https://thula.example/events/book/${seminar.id}`);
    expect(hold.attachments).toHaveLength(0);

    for (const id of [confirmed.id!, expired.id!]) {
      const sent = await row(id);
      expect(sent.status).toBe("sent");
      expect(sent.attempts).toBe(1);
      expect(sent.sentAt?.getTime()).toBe(now.getTime());
      expect(sent.lastError).toBeNull();
    }
    expect(await deliverDueEmails(database.db, transport)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it("leaves e-mails that are not yet due alone", async () => {
    const now = new Date();
    const later = await queueNote(1, { nextAttemptAt: new Date(now.getTime() + MINUTE) });
    expect(await deliverDueEmails(database.db, transport, { now })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await row(later)).status).toBe("queued");
    expect(smtp.received).toHaveLength(0);
  });

  it("reschedules a refused e-mail a minute later with the server's reason", async () => {
    smtp.refuse = "recipient";
    const id = await queueNote(1);
    const now = new Date();

    expect(await deliverDueEmails(database.db, transport, { now })).toEqual({ sent: 0, retried: 1, failed: 0 });
    const refused = await row(id);
    expect(refused.status).toBe("queued");
    expect(refused.attempts).toBe(1);
    expect(refused.lastError).toMatch(/550/);
    expect(refused.lastError).toContain("unavailable");
    expect(refused.nextAttemptAt.getTime()).toBe(now.getTime() + MINUTE);
    expect(refused.sentAt).toBeNull();
  });

  it("backs off 1, 5, 30, 120 and 360 minutes, then gives up after the sixth failure", async () => {
    smtp.refuse = "data";
    const id = await queueNote(1);
    let now = new Date();
    const delays: number[] = [];

    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await deliverDueEmails(database.db, transport, { now })).toEqual({ sent: 0, retried: 1, failed: 0 });
      const retried = await row(id);
      expect(retried.attempts).toBe(attempt);
      delays.push((retried.nextAttemptAt.getTime() - now.getTime()) / MINUTE);
      // Not due a moment before its time.
      expect(await deliverDueEmails(database.db, transport, { now: new Date(retried.nextAttemptAt.getTime() - 1000) })).toEqual({ sent: 0, retried: 0, failed: 0 });
      now = retried.nextAttemptAt;
    }
    expect(delays).toEqual([1, 5, 30, 120, 360]);

    expect(await deliverDueEmails(database.db, transport, { now })).toEqual({ sent: 0, retried: 0, failed: 1 });
    const failed = await row(id);
    expect(failed.status).toBe("failed");
    expect(failed.attempts).toBe(6);
    expect(failed.lastError).toMatch(/451/);

    smtp.refuse = undefined;
    expect(await deliverDueEmails(database.db, transport, { now: new Date(now.getTime() + 24 * 60 * MINUTE) })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it("sends each e-mail exactly once when workers run at the same time", async () => {
    smtp.delayMs = 20;
    const ids = await Promise.all(Array.from({ length: 20 }, (_, index) => queueNote(index)));

    const runs = await Promise.all(Array.from({ length: 4 }, () => deliverDueEmails(database.db, transport, { batchSize: 5 })));
    let total = runs.reduce((sum, counts) => sum + counts.sent, 0);
    expect(runs.every((counts) => counts.retried === 0 && counts.failed === 0)).toBe(true);
    expect(smtp.received).toHaveLength(total);
    // Whatever one round left over, later rounds finish; nothing is ever sent twice.
    while (total < ids.length) {
      const counts = await deliverDueEmails(database.db, transport, { batchSize: 5 });
      expect(counts.sent).toBeGreaterThan(0);
      total += counts.sent;
    }

    const subjects = smtp.received.map((message) => message.subject).sort();
    expect(subjects).toHaveLength(20);
    expect(new Set(subjects).size).toBe(20);
    for (const id of ids) expect((await row(id)).attempts).toBe(1);
  });

  it("retries an e-mail left 'sending' for over 10 minutes by a worker that died", async () => {
    const now = new Date();
    const stuck = await queueNote(1);
    const busy = await queueNote(2);
    await database.db.update(emailOutbox).set({ status: "sending", attempts: 1, updatedAt: new Date(now.getTime() - 11 * MINUTE) }).where(eq(emailOutbox.id, stuck));
    await database.db.update(emailOutbox).set({ status: "sending", attempts: 1, updatedAt: new Date(now.getTime() - 2 * MINUTE) }).where(eq(emailOutbox.id, busy));

    expect(await deliverDueEmails(database.db, transport, { now })).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received.map((message) => message.subject)).toEqual(["Note 1"]);
    expect((await row(stuck)).status).toBe("sent");
    expect((await row(stuck)).attempts).toBe(2);
    expect((await row(busy)).status).toBe("sending");
  });

  it("gives up without sending when the worker died on the last allowed attempt", async () => {
    const now = new Date();
    const stuck = await queueNote(1);
    await database.db
      .update(emailOutbox)
      .set({ status: "sending", attempts: 6, lastError: "Connection timeout", updatedAt: new Date(now.getTime() - 11 * MINUTE) })
      .where(eq(emailOutbox.id, stuck));

    expect(await deliverDueEmails(database.db, transport, { now })).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(smtp.received).toHaveLength(0);
    const failed = await row(stuck);
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toBe("Connection timeout");
  });
});

describe("startMailWorker", () => {
  // The worker's timer is faked (only setInterval: the database and the SMTP recorder keep real
  // time), so "nothing more runs" is proved by the timers left to run, not by waiting a while.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("delivers in the background and stops cleanly", async () => {
    const id = await queueNote(1);
    const worker = startMailWorker({ db: database.db, transport, intervalMs: 20 });
    expect(vi.getTimerCount(), "the worker's interval").toBe(1);
    const deadline = Date.now() + 10_000;
    while ((await row(id)).status !== "sent" && Date.now() < deadline) {
      vi.advanceTimersByTime(20);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await worker.stop();

    expect((await row(id)).status).toBe("sent");
    // Stopped: no timer is left that could start another run, and the one in flight was awaited.
    expect(vi.getTimerCount()).toBe(0);
    const later = await queueNote(2);
    vi.advanceTimersByTime(1_000);
    expect((await row(later)).status).toBe("queued");
    expect(smtp.received).toHaveLength(1);
  });

  it("runs nothing without a transport: e-mails stay queued", async () => {
    const id = await queueNote(1);
    const worker = startMailWorker({ db: database.db, transport: undefined, intervalMs: 20 });
    // No interval was set and no run started, so nothing can ever pick the e-mail up.
    expect(vi.getTimerCount()).toBe(0);
    await worker.stop();
    expect((await row(id)).status).toBe("queued");
    expect(smtp.received).toHaveLength(0);
  });
});
