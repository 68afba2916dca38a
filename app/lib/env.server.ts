import path from "node:path";
import { z } from "zod";
import { DEFAULT_POOL_SIZE, DEFAULT_TIME_LIMITS } from "#db/time-limits.ts";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** PayFast's published hosts: the notifications' sources (docs/decisions/028). */
export const PAYFAST_HOSTS = ["www.payfast.co.za", "sandbox.payfast.co.za", "w1w.payfast.co.za", "w2w.payfast.co.za"] as const;

export type ContentfulSettings = {
  space: string;
  accessToken: string;
  environment: string;
  /** Another API host (tests: a local recorder); undefined is Contentful's CDN. */
  host?: string;
  /** Plain HTTP: only for a host given as http://… (a local recorder). */
  insecure: boolean;
};

/** "http://127.0.0.1:4010" → plain HTTP to 127.0.0.1:4010; "preview.contentful.com" → HTTPS. */
function parseContentfulHost(value: string): { host: string; insecure: boolean } | undefined {
  if (!/^[a-z]+:\/\//i.test(value)) return /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(value) ? { host: value, insecure: false } : undefined;
  try {
    const url = new URL(value);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.pathname !== "/" || url.search || url.username) return undefined;
    return { host: url.host, insecure: url.protocol === "http:" };
  } catch {
    return undefined;
  }
}

const settingsSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    SITE_URL: optionalText.pipe(z.url({ message: "SITE_URL must be an absolute URL such as https://example.com" }).optional()),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
        .optional(),
    ),
    /** PostgreSQL only: connections each instance keeps at most. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_SIZE),
    /** PostgreSQL only: the time limits of docs/decisions/018, in milliseconds. */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_TIME_LIMITS.statementTimeoutMs),
    DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_TIME_LIMITS.lockTimeoutMs),
    DATABASE_IDLE_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(DEFAULT_TIME_LIMITS.idleInTransactionTimeoutMs),
    DATABASE_POOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(DEFAULT_TIME_LIMITS.poolTimeoutMs),
    DEMO_DATA: z.enum(["auto", "on", "off"]).default("auto"),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    TRUST_PROXY: z
      .string()
      .trim()
      .default("false")
      .refine((value) => /^(false|true|\d+|loopback|linklocal|uniquelocal|[\d.:/a-f, ]+)$/i.test(value), {
        message: "TRUST_PROXY must be false, a number of proxy hops (e.g. 1), or proxy addresses",
      }),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://, e.g. smtps://user:pass@smtp.example.com:465")
        .optional(),
    ),
    MAIL_FROM: z.string().trim().min(3).default("Thula Relocations <hello@thularelocations.co.uk>"),
    STRIPE_SECRET_KEY: optionalText.pipe(
      z.string().regex(/^(sk|rk)_(test|live)_/, "STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)").optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalText.pipe(
      z.string().regex(/^whsec_/, "STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)").optional(),
    ),
    BETTER_AUTH_SECRET: optionalText.pipe(z.string().min(32, "BETTER_AUTH_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)").optional()),
    ADMIN_EMAIL: optionalText.pipe(z.email({ message: "ADMIN_EMAIL must be an e-mail address" }).optional()),
    ADMIN_PASSWORD: z
      .string()
      .transform((value) => (value === "" ? undefined : value))
      .optional(),
    /** The ADMIN_EMAIL admin's name, as notes and the activity log show it. */
    ADMIN_NAME: optionalText.pipe(z.string().max(100, "ADMIN_NAME must be at most 100 characters").optional()),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(10_000).default(5),
    /** Seat holds (seminar bookings) one client address may make in 30 minutes; each holds a seat for that long. */
    SEAT_HOLDS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(10),
    /** How long a waitlist offer holds its seats for the person offered them, in hours (never past the seminar's start). */
    WAITLIST_OFFER_HOURS: z.coerce.number().int().min(1).max(168).default(24),
    /** Hours before a seminar's start that each automatic reminder is due, e.g. "72,24"; "none" sends none. */
    SEMINAR_REMINDER_HOURS: z
      .string()
      .trim()
      .default("72,24")
      .transform((value) => value || "72,24")
      .refine((value) => value.toLowerCase() === "none" || /^\d{1,3}(\s*,\s*\d{1,3})*$/.test(value), {
        message: 'SEMINAR_REMINDER_HOURS must be whole hours separated by commas, such as 72,24 (or "none")',
      })
      .transform((value) => (value.toLowerCase() === "none" ? [] : value.split(",").map(Number)))
      .refine((hours) => hours.every((hour) => hour >= 1 && hour <= 720), { message: "SEMINAR_REMINDER_HOURS must be between 1 and 720 hours (30 days)" })
      .refine((hours) => new Set(hours).size === hours.length, { message: "SEMINAR_REMINDER_HOURS must not list the same hour twice" }),
    /** Hours before a seminar's start (South African time) until which a customer may cancel online with a full refund; after it, not online at all. */
    SEMINAR_FREE_CANCELLATION_HOURS: optionalText
      .pipe(z.string().regex(/^\d{1,3}$/, "SEMINAR_FREE_CANCELLATION_HOURS must be a whole number of hours, such as 48").optional())
      .transform((value) => (value === undefined ? 48 : Number(value)))
      .refine((hours) => hours <= 720, { message: "SEMINAR_FREE_CANCELLATION_HOURS must be between 0 and 720 hours (30 days)" }),
    /** Consultation slots (docs/decisions/035): minutes kept free after each meeting, for new bookings. */
    CONSULTATION_BUFFER_MINUTES: z.coerce.number().int().min(0).max(240).default(15),
    /** The soonest a visitor may book a slot, in hours from now. */
    CONSULTATION_NOTICE_HOURS: z.coerce.number().int().min(0).max(720).default(24),
    /** How far ahead slots are offered, in days. */
    CONSULTATION_HORIZON_DAYS: z.coerce.number().int().min(1).max(365).default(60),
    /** Hours before a paid consultation until which the client may cancel online with a full refund; after it, not online at all. */
    CONSULTATION_FREE_CANCELLATION_HOURS: z.coerce.number().int().min(0).max(720).default(24),
    /** Where a meeting room is made for a consultant without a fixed room: the room is this address plus a random name. */
    VIDEO_ROOM_BASE_URL: optionalText
      .pipe(z.url({ protocol: /^https$/, message: "VIDEO_ROOM_BASE_URL must be an https:// address, such as https://meet.jit.si" }).optional())
      .transform((value) => (value ?? "https://meet.jit.si").replace(/\/+$/, "")),
    /** How long anonymous views may share a public page's render (docs/decisions/021); 0 turns the page cache off. */
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    /** The most memory the shared renders may take, in megabytes. */
    PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(32),
    /** Above this many addresses, /sitemap.xml becomes an index of parts of at most this many each (docs/decisions/032; the protocol allows 50,000). */
    SITEMAP_MAX_URLS: z.coerce.number().int().min(1).max(50_000).default(5000),
    CONTENTFUL_SPACE_ID: optionalText.pipe(z.string().regex(/^[A-Za-z0-9]{1,64}$/, "CONTENTFUL_SPACE_ID must be a Contentful space id (letters and digits)").optional()),
    CONTENTFUL_DELIVERY_TOKEN: optionalText.pipe(
      z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, "CONTENTFUL_DELIVERY_TOKEN must be a Content Delivery API access token").optional(),
    ),
    CONTENTFUL_ENVIRONMENT: optionalText.pipe(
      z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, "CONTENTFUL_ENVIRONMENT must be an environment id such as master").default("master"),
    ),
    /** Tests only: where the Contentful SDK sends its requests (a local recorder), e.g. http://127.0.0.1:4010. */
    CONTENTFUL_HOST: optionalText.pipe(
      z
        .string()
        .refine((value) => parseContentfulHost(value) !== undefined, "CONTENTFUL_HOST must be a host such as cdn.contentful.com or an http(s)://host:port address")
        .optional(),
    ),
    /** Seconds between SIGTERM and closing the listener, while /readyz already answers 503 (load balancers). */
    SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
    /** GA4 measurement id (G-…); analytics load only after a visitor consents, and only when set. */
    GA_MEASUREMENT_ID: optionalText.pipe(z.string().regex(/^G-[A-Z0-9]{4,20}$/, "GA_MEASUREMENT_ID must be a GA4 measurement id such as G-ABC123DEF4").optional()),
    /** Meta pixel id (digits); the pixel loads only after a visitor consents, and only when set. */
    META_PIXEL_ID: optionalText.pipe(z.string().regex(/^\d{6,20}$/, "META_PIXEL_ID must be a Meta pixel id (digits only)").optional()),
    /** Tests only: where the Stripe SDK sends its requests (a local recorder). */
    STRIPE_API_URL: optionalText.pipe(z.url().optional()),
    /** PayFast (docs/decisions/028): all three or none; with them PayFast is the checkout. */
    PAYFAST_MERCHANT_ID: optionalText.pipe(z.string().regex(/^\d{4,20}$/, "PAYFAST_MERCHANT_ID must be a PayFast merchant id (digits, e.g. 10000100)").optional()),
    PAYFAST_MERCHANT_KEY: optionalText.pipe(z.string().regex(/^[A-Za-z0-9]{6,64}$/, "PAYFAST_MERCHANT_KEY must be a PayFast merchant key (letters and digits)").optional()),
    PAYFAST_PASSPHRASE: optionalText.pipe(z.string().max(100, "PAYFAST_PASSPHRASE must be at most 100 characters").optional()),
    /** PayFast's sandbox (sandbox.payfast.co.za, and the API's testing mode) instead of the live site. */
    PAYFAST_SANDBOX: z
      .string()
      .trim()
      .toLowerCase()
      .default("false")
      .refine((value) => ["", "true", "false", "1", "0"].includes(value), { message: "PAYFAST_SANDBOX must be true or false" })
      .transform((value) => value === "true" || value === "1"),
    /** Tests only: PayFast's payment page, validation endpoint and API (a local stand-in). */
    PAYFAST_PROCESS_URL: optionalText.pipe(z.url().optional()),
    PAYFAST_VALIDATE_URL: optionalText.pipe(z.url().optional()),
    PAYFAST_API_URL: optionalText.pipe(z.url().optional()),
    /** Where PayFast's notifications may come from: host names (resolved) or IP addresses, comma separated. */
    PAYFAST_NOTIFY_SOURCES: z
      .string()
      .trim()
      .default("")
      .transform((value) => (value === "" ? [...PAYFAST_HOSTS] : value.split(",").map((source) => source.trim()).filter(Boolean)))
      .refine((sources) => sources.length > 0 && sources.every((source) => /^[A-Za-z0-9.:-]{2,255}$/.test(source)), {
        message: "PAYFAST_NOTIFY_SOURCES must be host names or IP addresses separated by commas",
      }),
  })
  .superRefine((raw, ctx) => {
    if (raw.CONTENTFUL_SPACE_ID && !raw.CONTENTFUL_DELIVERY_TOKEN) {
      ctx.addIssue({ code: "custom", path: ["CONTENTFUL_DELIVERY_TOKEN"], message: "is required when CONTENTFUL_SPACE_ID is set" });
    }
    if (raw.CONTENTFUL_DELIVERY_TOKEN && !raw.CONTENTFUL_SPACE_ID) {
      ctx.addIssue({ code: "custom", path: ["CONTENTFUL_SPACE_ID"], message: "is required when CONTENTFUL_DELIVERY_TOKEN is set" });
    }
    if (raw.ADMIN_EMAIL && !raw.ADMIN_PASSWORD) ctx.addIssue({ code: "custom", path: ["ADMIN_PASSWORD"], message: "is required when ADMIN_EMAIL is set" });
    if (raw.ADMIN_PASSWORD && !raw.ADMIN_EMAIL) ctx.addIssue({ code: "custom", path: ["ADMIN_EMAIL"], message: "is required when ADMIN_PASSWORD is set" });
    if (raw.ADMIN_PASSWORD && raw.ADMIN_PASSWORD.length < 12) ctx.addIssue({ code: "custom", path: ["ADMIN_PASSWORD"], message: "must be at least 12 characters" });
    // Links in e-mails, canonical addresses and the check on where forms come from all need it;
    // only the demo on one machine can do without (its loopback names are then the site).
    if (raw.NODE_ENV === "production" && !isDemo(raw) && !raw.SITE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SITE_URL"],
        message: "is required in production (NODE_ENV=production without the demo): the address visitors type, such as https://www.thularelocations.co.uk",
      });
    }
    if (raw.DATABASE_LOCK_TIMEOUT_MS > raw.DATABASE_STATEMENT_TIMEOUT_MS) {
      ctx.addIssue({ code: "custom", path: ["DATABASE_LOCK_TIMEOUT_MS"], message: "must not be longer than DATABASE_STATEMENT_TIMEOUT_MS (a statement waiting for a lock is cut at the statement's limit)" });
    }
    const payfastParts = { PAYFAST_MERCHANT_ID: raw.PAYFAST_MERCHANT_ID, PAYFAST_MERCHANT_KEY: raw.PAYFAST_MERCHANT_KEY, PAYFAST_PASSPHRASE: raw.PAYFAST_PASSPHRASE };
    const payfastGiven = Object.entries(payfastParts).filter(([, value]) => value !== undefined);
    if (payfastGiven.length > 0 && payfastGiven.length < 3) {
      for (const [name, value] of Object.entries(payfastParts)) {
        if (value === undefined) {
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: `is required when ${payfastGiven.map(([given]) => given).join(" and ")} ${payfastGiven.length === 1 ? "is" : "are"} set (PayFast needs its merchant id, merchant key and passphrase together)`,
          });
        }
      }
    }
    if (raw.STRIPE_SECRET_KEY && !raw.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "is required when STRIPE_SECRET_KEY is set (payments are confirmed by Stripe's signed webhook)" });
    }
  })
  .transform((raw) => {
    const production = raw.NODE_ENV === "production";
    const embedded = raw.DATABASE_URL === undefined;
    const publicSiteUrl = raw.SITE_URL?.replace(/\/$/, "");
    return {
      nodeEnv: raw.NODE_ENV,
      production,
      port: raw.PORT,
      host: raw.HOST,
      siteUrl: publicSiteUrl ?? `http://localhost:${raw.PORT}`,
      /** SITE_URL as configured; undefined in a demo without it. */
      publicSiteUrl,
      /** The origins whose pages may post to the site: SITE_URL's, or in a demo the machine's loopback names on PORT. */
      siteOrigins: publicSiteUrl ? [new URL(publicSiteUrl).origin] : ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${raw.PORT}`),
      dataDir: path.resolve(raw.DATA_DIR),
      databaseUrl: raw.DATABASE_URL,
      /** PostgreSQL's pool; PGlite has one connection and ignores it. */
      database: {
        poolSize: raw.DATABASE_POOL_SIZE,
        timeLimits: {
          statementTimeoutMs: raw.DATABASE_STATEMENT_TIMEOUT_MS,
          lockTimeoutMs: raw.DATABASE_LOCK_TIMEOUT_MS,
          idleInTransactionTimeoutMs: raw.DATABASE_IDLE_TRANSACTION_TIMEOUT_MS,
          poolTimeoutMs: raw.DATABASE_POOL_TIMEOUT_MS,
        },
      },
      embedded,
      // Demo mode is the embedded database: a laptop or a demo. A PostgreSQL deployment
      // (production mode) never gets demo data unless DEMO_DATA=on says so.
      demoMode: isDemo(raw),
      seedDemoData: raw.DEMO_DATA === "on" || (raw.DEMO_DATA === "auto" && embedded),
      logLevel: raw.LOG_LEVEL,
      /** Express's "trust proxy": which X-Forwarded-For hops to believe for the client address. */
      trustProxy: raw.TRUST_PROXY === "false" ? false : raw.TRUST_PROXY === "true" ? true : /^\d+$/.test(raw.TRUST_PROXY) ? Number(raw.TRUST_PROXY) : raw.TRUST_PROXY,
      mail: { smtpUrl: raw.SMTP_URL, from: raw.MAIL_FROM },
      auth: {
        secret: raw.BETTER_AUTH_SECRET,
        admin: raw.ADMIN_EMAIL && raw.ADMIN_PASSWORD ? { email: raw.ADMIN_EMAIL.toLowerCase(), password: raw.ADMIN_PASSWORD, name: raw.ADMIN_NAME } : undefined,
        rateLimitMax: raw.AUTH_RATE_LIMIT_MAX,
      },
      seminars: {
        seatHoldsPerAddress: raw.SEAT_HOLDS_PER_ADDRESS,
        reminderHours: [...raw.SEMINAR_REMINDER_HOURS].sort((a, b) => b - a),
        freeCancellationHours: raw.SEMINAR_FREE_CANCELLATION_HOURS,
        waitlistOfferHours: raw.WAITLIST_OFFER_HOURS,
      },
      consultations: {
        bufferMinutes: raw.CONSULTATION_BUFFER_MINUTES,
        minNoticeHours: raw.CONSULTATION_NOTICE_HOURS,
        horizonDays: raw.CONSULTATION_HORIZON_DAYS,
        freeCancellationHours: raw.CONSULTATION_FREE_CANCELLATION_HOURS,
        videoRoomBaseUrl: raw.VIDEO_ROOM_BASE_URL,
      },
      pageCache: { ttlMs: raw.PAGE_CACHE_SECONDS * 1000, maxBytes: raw.PAGE_CACHE_MB * 1024 * 1024 },
      sitemapMaxUrls: raw.SITEMAP_MAX_URLS,
      blog: { contentful: contentfulSettings(raw) },
      shutdownDelayMs: raw.SHUTDOWN_DELAY_SECONDS * 1000,
      tracking: { gaMeasurementId: raw.GA_MEASUREMENT_ID, metaPixelId: raw.META_PIXEL_ID },
      stripe: raw.STRIPE_SECRET_KEY
        ? { secretKey: raw.STRIPE_SECRET_KEY, webhookSecret: raw.STRIPE_WEBHOOK_SECRET, apiUrl: raw.STRIPE_API_URL }
        : undefined,
      payfast: payfastSettings(raw),
    };
  });

export type Settings = z.infer<typeof settingsSchema>;


export type PayfastSettings = {
  merchantId: string;
  merchantKey: string;
  passphrase: string;
  sandbox: boolean;
  /** The hosted payment page the visitor's form posts to. */
  processUrl: string;
  /** Where a notification is sent back to be confirmed (answers VALID or INVALID). */
  validateUrl: string;
  /** The API's base (refunds); the sandbox adds ?testing=true. */
  apiUrl: string;
  /** Host names (resolved when a notification arrives) or IP addresses. */
  notifySources: string[];
};

function payfastSettings(raw: {
  PAYFAST_MERCHANT_ID?: string;
  PAYFAST_MERCHANT_KEY?: string;
  PAYFAST_PASSPHRASE?: string;
  PAYFAST_SANDBOX: boolean;
  PAYFAST_PROCESS_URL?: string;
  PAYFAST_VALIDATE_URL?: string;
  PAYFAST_API_URL?: string;
  PAYFAST_NOTIFY_SOURCES: string[];
}): PayfastSettings | undefined {
  if (!raw.PAYFAST_MERCHANT_ID || !raw.PAYFAST_MERCHANT_KEY || !raw.PAYFAST_PASSPHRASE) return undefined;
  const site = raw.PAYFAST_SANDBOX ? "https://sandbox.payfast.co.za" : "https://www.payfast.co.za";
  return {
    merchantId: raw.PAYFAST_MERCHANT_ID,
    merchantKey: raw.PAYFAST_MERCHANT_KEY,
    passphrase: raw.PAYFAST_PASSPHRASE,
    sandbox: raw.PAYFAST_SANDBOX,
    processUrl: raw.PAYFAST_PROCESS_URL ?? `${site}/eng/process`,
    validateUrl: raw.PAYFAST_VALIDATE_URL ?? `${site}/eng/query/validate`,
    apiUrl: (raw.PAYFAST_API_URL ?? "https://api.payfast.co.za").replace(/\/$/, ""),
    notifySources: raw.PAYFAST_NOTIFY_SOURCES,
  };
}

/** Demo mode is the embedded database with its demo: a laptop or a demo, never a public site. */
function isDemo(raw: { DATABASE_URL?: string; DEMO_DATA: "auto" | "on" | "off" }): boolean {
  return raw.DATABASE_URL === undefined && raw.DEMO_DATA !== "off";
}

function contentfulSettings(raw: {
  CONTENTFUL_SPACE_ID?: string;
  CONTENTFUL_DELIVERY_TOKEN?: string;
  CONTENTFUL_ENVIRONMENT: string;
  CONTENTFUL_HOST?: string;
}): ContentfulSettings | undefined {
  if (!raw.CONTENTFUL_SPACE_ID || !raw.CONTENTFUL_DELIVERY_TOKEN) return undefined;
  const target = raw.CONTENTFUL_HOST ? parseContentfulHost(raw.CONTENTFUL_HOST) : undefined;
  return {
    space: raw.CONTENTFUL_SPACE_ID,
    accessToken: raw.CONTENTFUL_DELIVERY_TOKEN,
    environment: raw.CONTENTFUL_ENVIRONMENT,
    host: target?.host,
    insecure: target?.insecure ?? false,
  };
}

export class SettingsError extends Error {
  override name = "SettingsError";
}

/** Reads and validates the settings; throws a readable SettingsError listing every bad value. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const result = settingsSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join(".") || "settings"}: ${issue.message}`);
    throw new SettingsError(`Invalid settings (see .env.example):\n${lines.join("\n")}`);
  }
  return result.data;
}
