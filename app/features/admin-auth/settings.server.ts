import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { loadSettings, SettingsError, type Settings } from "~/lib/env.server.ts";

export const MIN_ADMIN_PASSWORD_LENGTH = 12;
export const MIN_SECRET_LENGTH = 32;

export type AdminAuthSettings = Settings["auth"];

/** The sign-in settings (BETTER_AUTH_SECRET, ADMIN_EMAIL/ADMIN_PASSWORD, AUTH_RATE_LIMIT_MAX), validated with the rest. */
export function loadAdminAuthSettings(env: NodeJS.ProcessEnv = process.env): AdminAuthSettings {
  return loadSettings(env).auth;
}

/** Production mode: NODE_ENV=production on a PostgreSQL server. No generated secrets, no default credentials. */
export function isProductionMode(settings: Pick<Settings, "production" | "embedded">): boolean {
  return settings.production && !settings.embedded;
}

export const SECRET_FILE = "auth-secret";

/**
 * The secret that signs session cookies and e-mail verification tokens. Production mode must
 * set BETTER_AUTH_SECRET; elsewhere one is generated once and kept in DATA_DIR/auth-secret
 * (mode 0600), so sessions survive a restart.
 */
export function resolveAuthSecret(settings: Pick<Settings, "production" | "embedded" | "dataDir">, authSettings: { secret?: string }): string {
  if (authSettings.secret) return authSettings.secret;
  if (isProductionMode(settings)) {
    throw new SettingsError(
      `Invalid settings (see .env.example):\n  - BETTER_AUTH_SECRET: is required in production (NODE_ENV=production with DATABASE_URL); ` +
        `generate one with: openssl rand -base64 32`,
    );
  }
  const file = path.join(settings.dataDir, SECRET_FILE);
  const existing = readSecretFile(file);
  if (existing) return existing;
  fs.mkdirSync(settings.dataDir, { recursive: true });
  const generated = randomBytes(32).toString("base64url");
  try {
    fs.writeFileSync(file, `${generated}\n`, { flag: "wx", mode: 0o600 });
    return generated;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      const written = readSecretFile(file);
      if (written) return written;
    }
    throw error;
  }
}

function readSecretFile(file: string): string | undefined {
  let content: string;
  try {
    content = fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  if (content.length < MIN_SECRET_LENGTH) throw new SettingsError(`${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters: delete it to generate a new one`);
  return content;
}
