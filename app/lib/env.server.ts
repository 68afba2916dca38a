import path from "node:path";
import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

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
    /** Tests only: where the Stripe SDK sends its requests (a local recorder). */
    STRIPE_API_URL: optionalText.pipe(z.url().optional()),
  })
  .superRefine((raw, ctx) => {
    if (raw.STRIPE_SECRET_KEY && !raw.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "is required when STRIPE_SECRET_KEY is set (payments are confirmed by Stripe's signed webhook)" });
    }
  })
  .transform((raw) => {
    const production = raw.NODE_ENV === "production";
    const embedded = raw.DATABASE_URL === undefined;
    return {
      nodeEnv: raw.NODE_ENV,
      production,
      port: raw.PORT,
      host: raw.HOST,
      siteUrl: (raw.SITE_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ""),
      dataDir: path.resolve(raw.DATA_DIR),
      databaseUrl: raw.DATABASE_URL,
      embedded,
      // Demo mode is the embedded database: a laptop or a demo. A PostgreSQL deployment
      // (production mode) never gets demo data unless DEMO_DATA=on says so.
      demoMode: embedded && raw.DEMO_DATA !== "off",
      seedDemoData: raw.DEMO_DATA === "on" || (raw.DEMO_DATA === "auto" && embedded),
      logLevel: raw.LOG_LEVEL,
      /** Express's "trust proxy": which X-Forwarded-For hops to believe for the client address. */
      trustProxy: raw.TRUST_PROXY === "false" ? false : raw.TRUST_PROXY === "true" ? true : /^\d+$/.test(raw.TRUST_PROXY) ? Number(raw.TRUST_PROXY) : raw.TRUST_PROXY,
      mail: { smtpUrl: raw.SMTP_URL, from: raw.MAIL_FROM },
      stripe: raw.STRIPE_SECRET_KEY
        ? { secretKey: raw.STRIPE_SECRET_KEY, webhookSecret: raw.STRIPE_WEBHOOK_SECRET, apiUrl: raw.STRIPE_API_URL }
        : undefined,
    };
  });

export type Settings = z.infer<typeof settingsSchema>;

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
