import { describe, expect, it } from "vitest";
import { loadSettings, SettingsError } from "./env.server.ts";

describe("loadSettings", () => {
  it("runs the demo on the embedded database with no settings at all", () => {
    const settings = loadSettings({});
    expect(settings.port).toBe(3000);
    expect(settings.embedded).toBe(true);
    expect(settings.demoMode).toBe(true);
    expect(settings.seedDemoData).toBe(true);
    expect(settings.siteUrl).toBe("http://localhost:3000");
    expect(settings.stripe).toBeUndefined();
    expect(settings.mail.smtpUrl).toBeUndefined();
    expect(settings.seminars.seatHoldsPerAddress).toBe(10);
    expect(settings.seminars.reminderHours).toEqual([72, 24]);
  });

  it("takes the seminar reminders' hours before the start, latest first, or none", () => {
    expect(loadSettings({ SEMINAR_REMINDER_HOURS: "24, 168,2" }).seminars.reminderHours).toEqual([168, 24, 2]);
    expect(loadSettings({ SEMINAR_REMINDER_HOURS: "none" }).seminars.reminderHours).toEqual([]);
    expect(loadSettings({ SEMINAR_REMINDER_HOURS: "" }).seminars.reminderHours).toEqual([72, 24]);
    for (const bad of ["0", "72,,24", "24,24", "1.5", "721", "-24", "3 days"]) {
      expect(() => loadSettings({ SEMINAR_REMINDER_HOURS: bad }), bad).toThrow(/SEMINAR_REMINDER_HOURS/);
    }
  });

  it("takes the consultation slots' rules and the video-room address, https only", () => {
    expect(loadSettings({}).consultations).toEqual({ bufferMinutes: 15, minNoticeHours: 24, horizonDays: 60, freeCancellationHours: 24, videoRoomBaseUrl: "https://meet.jit.si" });
    const set = loadSettings({ CONSULTATION_BUFFER_MINUTES: "0", CONSULTATION_NOTICE_HOURS: "48", CONSULTATION_HORIZON_DAYS: "30", CONSULTATION_FREE_CANCELLATION_HOURS: "12", VIDEO_ROOM_BASE_URL: "https://video.example/rooms/" });
    expect(set.consultations).toEqual({ bufferMinutes: 0, minNoticeHours: 48, horizonDays: 30, freeCancellationHours: 12, videoRoomBaseUrl: "https://video.example/rooms" });
    expect(() => loadSettings({ VIDEO_ROOM_BASE_URL: "http://video.example" })).toThrow(/VIDEO_ROOM_BASE_URL/);
    expect(() => loadSettings({ CONSULTATION_HORIZON_DAYS: "0" })).toThrow(/CONSULTATION_HORIZON_DAYS/);
  });

  it("takes the hours before the start until which a booking cancels free online (48 unless set)", () => {
    expect(loadSettings({}).seminars.freeCancellationHours).toBe(48);
    expect(loadSettings({ SEMINAR_FREE_CANCELLATION_HOURS: "" }).seminars.freeCancellationHours).toBe(48);
    expect(loadSettings({ SEMINAR_FREE_CANCELLATION_HOURS: " 24 " }).seminars.freeCancellationHours).toBe(24);
    expect(loadSettings({ SEMINAR_FREE_CANCELLATION_HOURS: "0" }).seminars.freeCancellationHours).toBe(0);
    for (const bad of ["-1", "1.5", "721", "two days", "48h"]) {
      expect(() => loadSettings({ SEMINAR_FREE_CANCELLATION_HOURS: bad }), bad).toThrow(/SEMINAR_FREE_CANCELLATION_HOURS/);
    }
  });

  it("takes a waitlist offer's hours, 24 by default, whole and from 1 to 168", () => {
    expect(loadSettings({}).seminars.waitlistOfferHours).toBe(24);
    expect(loadSettings({ WAITLIST_OFFER_HOURS: "48" }).seminars.waitlistOfferHours).toBe(48);
    for (const bad of ["0", "-1", "1.5", "169", "a day"]) expect(() => loadSettings({ WAITLIST_OFFER_HOURS: bad }), bad).toThrow(/WAITLIST_OFFER_HOURS/);
  });

  it("takes a whole, positive number of seat holds per address", () => {
    expect(loadSettings({ SEAT_HOLDS_PER_ADDRESS: "25" }).seminars.seatHoldsPerAddress).toBe(25);
    for (const bad of ["0", "-3", "2.5", "ten"]) expect(() => loadSettings({ SEAT_HOLDS_PER_ADDRESS: bad }), bad).toThrow(/SEAT_HOLDS_PER_ADDRESS/);
  });

  it("takes localhost, 127.0.0.1 and [::1] on its port as the site's own address when SITE_URL is not set (a demo)", () => {
    expect(loadSettings({ PORT: "4123" }).siteOrigins).toEqual(["http://localhost:4123", "http://127.0.0.1:4123", "http://[::1]:4123"]);
    expect(loadSettings({ PORT: "4123" }).publicSiteUrl).toBeUndefined();
    const configured = loadSettings({ SITE_URL: "https://www.example.com/", PORT: "4123" });
    expect(configured.siteOrigins).toEqual(["https://www.example.com"]);
    expect(configured.publicSiteUrl).toBe("https://www.example.com");
  });

  it("refuses to run in production without SITE_URL, and says what to set", () => {
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://u@db.example.com/thula" };
    expect(() => loadSettings(production)).toThrow(SettingsError);
    expect(() => loadSettings(production)).toThrow(
      "SITE_URL: is required in production (NODE_ENV=production without the demo): the address visitors type, such as https://www.thularelocations.co.uk",
    );
    // The embedded database without its demo (DEMO_DATA=off) is how the site runs in public on one machine: also production.
    expect(() => loadSettings({ NODE_ENV: "production", DEMO_DATA: "off" })).toThrow(/SITE_URL: is required in production/);
    expect(loadSettings({ ...production, SITE_URL: "https://www.example.com" }).siteUrl).toBe("https://www.example.com");
    // `npm start` sets NODE_ENV=production: the demo on a laptop still needs no settings at all.
    expect(loadSettings({ NODE_ENV: "production" }).siteUrl).toBe("http://localhost:3000");
  });

  it("gives PostgreSQL a pool and time limits: the defaults, or whole milliseconds in range", () => {
    expect(loadSettings({}).database).toEqual({
      poolSize: 10,
      timeLimits: { statementTimeoutMs: 10_000, lockTimeoutMs: 3_000, idleInTransactionTimeoutMs: 30_000, poolTimeoutMs: 5_000 },
    });
    const tuned = loadSettings({
      DATABASE_POOL_SIZE: "4",
      DATABASE_STATEMENT_TIMEOUT_MS: "20000",
      DATABASE_LOCK_TIMEOUT_MS: "5000",
      DATABASE_IDLE_TRANSACTION_TIMEOUT_MS: "60000",
      DATABASE_POOL_TIMEOUT_MS: "2000",
    });
    expect(tuned.database).toEqual({ poolSize: 4, timeLimits: { statementTimeoutMs: 20_000, lockTimeoutMs: 5_000, idleInTransactionTimeoutMs: 60_000, poolTimeoutMs: 2_000 } });
    for (const [name, bad] of [["DATABASE_POOL_SIZE", "0"], ["DATABASE_STATEMENT_TIMEOUT_MS", "0"], ["DATABASE_LOCK_TIMEOUT_MS", "1.5"], ["DATABASE_POOL_TIMEOUT_MS", "soon"], ["DATABASE_IDLE_TRANSACTION_TIMEOUT_MS", "-1"]]) {
      expect(() => loadSettings({ [name!]: bad }), `${name}=${bad}`).toThrow(new RegExp(name!));
    }
    // A lock wait longer than the statement's own limit would never be reached.
    expect(() => loadSettings({ DATABASE_LOCK_TIMEOUT_MS: "15000" })).toThrow(/DATABASE_LOCK_TIMEOUT_MS: must not be longer than DATABASE_STATEMENT_TIMEOUT_MS/);
  });

  it("never seeds a PostgreSQL database unless told to", () => {
    const settings = loadSettings({ DATABASE_URL: "postgres://u@db.example.com/thula", NODE_ENV: "production", SITE_URL: "https://www.example.com" });
    expect(settings.embedded).toBe(false);
    expect(settings.demoMode).toBe(false);
    expect(settings.seedDemoData).toBe(false);
    expect(loadSettings({ DATABASE_URL: "postgres://u@db/x", DEMO_DATA: "on" }).seedDemoData).toBe(true);
  });

  it("lists every bad value in one readable error", () => {
    let error: unknown;
    try {
      loadSettings({ PORT: "eighty", DATABASE_URL: "mysql://x" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SettingsError);
    const message = (error as Error).message;
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL must start with postgres://");
  });

  it("requires the webhook secret with a Stripe key", () => {
    expect(() => loadSettings({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(/STRIPE_WEBHOOK_SECRET: is required/);
    const settings = loadSettings({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" });
    expect(settings.stripe?.secretKey).toBe("sk_test_abc");
  });

  it("refuses half-configured PayFast settings and names what is missing", () => {
    expect(() => loadSettings({ PAYFAST_MERCHANT_ID: "10000100" })).toThrow(/PAYFAST_MERCHANT_KEY: is required when PAYFAST_MERCHANT_ID is set/);
    expect(() => loadSettings({ PAYFAST_MERCHANT_ID: "10000100" })).toThrow(/PAYFAST_PASSPHRASE: is required/);
    expect(() => loadSettings({ PAYFAST_MERCHANT_KEY: "46f0cd694581a", PAYFAST_PASSPHRASE: "secret words" })).toThrow(/PAYFAST_MERCHANT_ID: is required/);
    expect(() => loadSettings({ PAYFAST_SANDBOX: "maybe" })).toThrow(/PAYFAST_SANDBOX must be true or false/);
    expect(loadSettings({}).payfast).toBeUndefined();
  });

  it("takes PayFast's live addresses, or the sandbox's, and its published hosts as notification sources", () => {
    const base = { PAYFAST_MERCHANT_ID: "10000100", PAYFAST_MERCHANT_KEY: "46f0cd694581a", PAYFAST_PASSPHRASE: "jt7NOE43FZPn" };
    const live = loadSettings(base).payfast!;
    expect(live).toMatchObject({ sandbox: false, processUrl: "https://www.payfast.co.za/eng/process", validateUrl: "https://www.payfast.co.za/eng/query/validate", apiUrl: "https://api.payfast.co.za" });
    expect(live.notifySources).toEqual(["www.payfast.co.za", "sandbox.payfast.co.za", "w1w.payfast.co.za", "w2w.payfast.co.za"]);
    const sandbox = loadSettings({ ...base, PAYFAST_SANDBOX: "true", PAYFAST_NOTIFY_SOURCES: "127.0.0.1, ::1" }).payfast!;
    expect(sandbox).toMatchObject({ sandbox: true, processUrl: "https://sandbox.payfast.co.za/eng/process", notifySources: ["127.0.0.1", "::1"] });
  });

  it("treats blank values as unset and trims the site URL's slash", () => {
    const settings = loadSettings({ DATABASE_URL: "  ", SITE_URL: "https://www.example.com/" });
    expect(settings.embedded).toBe(true);
    expect(settings.siteUrl).toBe("https://www.example.com");
  });
});
