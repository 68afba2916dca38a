import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SettingsError } from "~/lib/env.server.ts";
import { SECRET_FILE, isProductionMode, loadAdminAuthSettings, resolveAuthSecret } from "./settings.server.ts";

const folders: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ukr-auth-secret-"));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadAdminAuthSettings", () => {
  it("needs nothing, and limits five attempts a minute by default", () => {
    expect(loadAdminAuthSettings({})).toEqual({ secret: undefined, admin: undefined, rateLimitMax: 5 });
  });

  it("takes ADMIN_EMAIL and ADMIN_PASSWORD together only, with a password of at least 12 characters", () => {
    expect(loadAdminAuthSettings({ ADMIN_EMAIL: "Ops@Thula.example", ADMIN_PASSWORD: " twelve chars " }).admin).toEqual({
      email: "ops@thula.example",
      password: " twelve chars ",
    });
    expect(() => loadAdminAuthSettings({ ADMIN_EMAIL: "ops@thula.example" })).toThrow(/ADMIN_PASSWORD: is required when ADMIN_EMAIL is set/);
    expect(() => loadAdminAuthSettings({ ADMIN_PASSWORD: "long enough password" })).toThrow(/ADMIN_EMAIL: is required when ADMIN_PASSWORD is set/);
    expect(() => loadAdminAuthSettings({ ADMIN_EMAIL: "ops@thula.example", ADMIN_PASSWORD: "short" })).toThrow(/at least 12 characters/);
    expect(() => loadAdminAuthSettings({ ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "long enough password" })).toThrow(SettingsError);
  });

  it("refuses a secret shorter than 32 characters", () => {
    expect(() => loadAdminAuthSettings({ BETTER_AUTH_SECRET: "short" })).toThrow(/BETTER_AUTH_SECRET must be at least 32 characters/);
    expect(loadAdminAuthSettings({ BETTER_AUTH_SECRET: "x".repeat(32) }).secret).toBe("x".repeat(32));
  });
});

describe("resolveAuthSecret", () => {
  it("requires BETTER_AUTH_SECRET in production mode only (NODE_ENV=production with PostgreSQL)", () => {
    const dataDir = tempDir();
    expect(isProductionMode({ production: true, embedded: false })).toBe(true);
    expect(isProductionMode({ production: true, embedded: true })).toBe(false);
    expect(() => resolveAuthSecret({ production: true, embedded: false, dataDir }, {})).toThrow(/BETTER_AUTH_SECRET: is required in production/);
    expect(resolveAuthSecret({ production: true, embedded: false, dataDir }, { secret: "s".repeat(40) })).toBe("s".repeat(40));
  });

  it("generates a secret once in the data folder (mode 0600) and reuses it", () => {
    const dataDir = tempDir();
    const first = resolveAuthSecret({ production: true, embedded: true, dataDir }, {});
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, SECRET_FILE);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret({ production: true, embedded: true, dataDir }, {})).toBe(first);
  });

  it("refuses a damaged secret file instead of silently replacing it", () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, SECRET_FILE), "tiny\n");
    expect(() => resolveAuthSecret({ production: false, embedded: true, dataDir }, {})).toThrow(/shorter than 32 characters/);
  });
});
