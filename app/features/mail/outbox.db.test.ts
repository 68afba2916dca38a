import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "#db/schema/outbox.ts";
import { useTestDatabase } from "../../../tests/support/test-database.ts";
import { log } from "~/lib/log.server.ts";
import { countQueuedEmailsTo, eraseEmailsTo, findOutboxEmail, listOutbox, queueEmail } from "./service.server.ts";
import type { OutboxEmailInput } from "./types.ts";

const database = useTestDatabase(emailOutbox);

beforeEach(() => {
  vi.spyOn(log, "info").mockImplementation(() => {});
});

const email = (overrides: Partial<OutboxEmailInput> = {}): OutboxEmailInput => ({
  kind: "seminar-booking-confirmed",
  to: "thandi@example.com",
  subject: "You're booked",
  text: "Sign in with https://thula.example/login?token=secret-token",
  html: "<p>Sign in with <a href=\"https://thula.example/login?token=secret-token\">this link</a></p>",
  ...overrides,
});

describe("queueEmail", () => {
  it("stores the e-mail as queued and due now", async () => {
    const before = Date.now();
    const result = await queueEmail(database.db, email({ attachments: [{ filename: "a.ics", contentType: "text/calendar", contentBase64: "QkVHSU4=" }] }));
    expect(result.queued).toBe(true);
    const stored = await findOutboxEmail(database.db, result.id!);
    expect(stored).toMatchObject({ kind: "seminar-booking-confirmed", toAddress: "thandi@example.com", status: "queued", attempts: 0, dedupeKey: null });
    expect(stored!.attachments).toEqual([{ filename: "a.ics", contentType: "text/calendar", contentBase64: "QkVHSU4=" }]);
    expect(stored!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(stored!.nextAttemptAt.getTime()).toBeGreaterThan(before - 60_000);
  });

  it("queues one e-mail per dedupe key, however often it is asked", async () => {
    const first = await queueEmail(database.db, email({ dedupeKey: "seminar-booking-confirmed:b1" }));
    const second = await queueEmail(database.db, email({ dedupeKey: "seminar-booking-confirmed:b1", subject: "Again" }));
    expect(first.queued).toBe(true);
    expect(second).toEqual({ queued: false });
    const rows = await database.db.select().from(emailOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe("You're booked");
    // E-mails without a key never collide.
    await queueEmail(database.db, email());
    await queueEmail(database.db, email());
    expect(await database.db.select().from(emailOutbox)).toHaveLength(3);
  });

  it("is written with the transaction that causes it, and rolled back with it", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queueEmail(tx, email({ dedupeKey: "rolled-back" }));
        throw new Error("payment could not be recorded");
      }),
    ).rejects.toThrow("payment could not be recorded");
    expect(await database.db.select().from(emailOutbox)).toHaveLength(0);

    await database.db.transaction(async (tx) => {
      await queueEmail(tx, email({ dedupeKey: "committed" }));
    });
    expect(await database.db.select().from(emailOutbox)).toHaveLength(1);
  });

  it("logs what identifies the e-mail, never its bodies", async () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    const { id } = await queueEmail(database.db, email());
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith("E-mail queued", { id, kind: "seminar-booking-confirmed", to: "thandi@example.com", subject: "You're booked" });
    expect(JSON.stringify(info.mock.calls)).not.toContain("secret-token");
  });
});

describe("listOutbox and findOutboxEmail", () => {
  it("pages newest first and filters by status", async () => {
    for (let index = 1; index <= 5; index++) {
      const { id } = await queueEmail(database.db, email({ subject: `Note ${index}` }));
      await database.db
        .update(emailOutbox)
        .set({ createdAt: new Date(Date.UTC(2026, 10, index)), status: index % 2 === 0 ? "sent" : "queued" })
        .where(eq(emailOutbox.id, id!));
    }

    const first = await listOutbox(database.db, { position: { from: "first" }, pageSize: 2 });
    expect(first).toMatchObject({ total: { count: 5, capped: false }, nav: { newer: null, older: { from: "after" } } });
    expect(first.emails.map((row) => row.subject)).toEqual(["Note 5", "Note 4"]);
    expect(first.emails[0]).not.toHaveProperty("htmlBody");
    expect(first.emails[0]).not.toHaveProperty("cursor");
    const second = await listOutbox(database.db, { position: first.nav.older!, pageSize: 2 });
    expect(second.emails.map((row) => row.subject)).toEqual(["Note 3", "Note 2"]);
    const third = await listOutbox(database.db, { position: second.nav.older!, pageSize: 2 });
    expect(third).toMatchObject({ nav: { older: null, newer: { from: "before" } }, emails: [{ subject: "Note 1" }] });
    const last = await listOutbox(database.db, { position: { from: "last" }, pageSize: 2 });
    expect(last.emails.map((row) => row.subject)).toEqual(["Note 2", "Note 1"]);
    const back = await listOutbox(database.db, { position: last.nav.newer!, pageSize: 2 });
    expect(back.emails.map((row) => row.subject)).toEqual(["Note 4", "Note 3"]);

    const sent = await listOutbox(database.db, { position: { from: "first" }, pageSize: 10, status: "sent" });
    expect(sent.total).toEqual({ count: 2, capped: false });
    expect(sent.emails.map((row) => row.subject)).toEqual(["Note 4", "Note 2"]);

    const clamped = await listOutbox(database.db, { position: { from: "first" }, pageSize: 0 });
    expect(clamped.emails).toHaveLength(1);
  });

  it("finds one e-mail with its bodies, and null for unknown or malformed ids", async () => {
    const { id } = await queueEmail(database.db, email());
    const found = await findOutboxEmail(database.db, id!);
    expect(found?.htmlBody).toContain("<p>Sign in");
    expect(found?.textBody).toContain("Sign in");
    expect(await findOutboxEmail(database.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await findOutboxEmail(database.db, "not-a-uuid' or 1=1 --")).toBeNull();
  });
});

describe("erasing a recipient (docs/decisions/016)", () => {
  it("never queues an e-mail to an address on the reserved .invalid domain, such as an anonymised contact's", async () => {
    for (const to of ["deleted-3f2a9c1b@invalid", "someone@example.invalid", " X@Y.INVALID "]) expect(await queueEmail(database.db, email({ to }))).toEqual({ queued: false });
    expect(await database.db.select().from(emailOutbox)).toEqual([]);
  });

  it("erases address, bodies and attachments of every e-mail to the addresses (any case), withdraws the queued ones, and leaves the rest", async () => {
    const sent = await queueEmail(database.db, email({ attachments: [{ filename: "a.ics", contentType: "text/calendar", contentBase64: "QkVHSU4=" }] }));
    await database.db.update(emailOutbox).set({ status: "sent", sentAt: new Date() }).where(eq(emailOutbox.id, sent.id!));
    const queued = await queueEmail(database.db, email({ to: "THANDI@example.com", kind: "consultation-intro" }));
    const other = await queueEmail(database.db, email({ to: "sipho@example.com" }));
    expect(await countQueuedEmailsTo(database.db, ["thandi@EXAMPLE.com"])).toBe(1);

    expect(await eraseEmailsTo(database.db, ["thandi@example.com"], "deleted-x@invalid")).toEqual({ withdrawn: 1, erased: 2 });
    expect(await findOutboxEmail(database.db, sent.id!)).toMatchObject({ toAddress: "deleted-x@invalid", status: "sent", subject: "You're booked", attachments: [], textBody: expect.stringContaining("erased") });
    expect(await findOutboxEmail(database.db, queued.id!)).toMatchObject({ toAddress: "deleted-x@invalid", status: "failed", lastError: expect.stringContaining("anonymised"), kind: "consultation-intro" });
    expect(await findOutboxEmail(database.db, other.id!)).toMatchObject({ toAddress: "sipho@example.com", status: "queued", textBody: email().text });
    expect(await countQueuedEmailsTo(database.db, ["thandi@example.com"])).toBe(0);
    expect(await eraseEmailsTo(database.db, [], "deleted-x@invalid")).toEqual({ withdrawn: 0, erased: 0 });
  });
});
