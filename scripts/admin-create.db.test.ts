import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#db/client.ts";
import { acquireDataFolderLock, LOCK_FILE, type DataFolderLock } from "#db/lock.ts";
import { authUsers } from "#db/schema/index.ts";
import { createAuth } from "~/features/admin-auth/auth.server.ts";
import { findAccountAccess, isAdmin } from "~/features/admin-auth/queries.server.ts";
import { signInWithPassword } from "~/features/admin-auth/service.server.ts";
import { runProcess } from "../tests/support/processes.ts";

// `npm run admin:create` on the embedded database, whatever engine the rest of the db suite
// runs on (a CLI must never be pointed at the shared test server by accident).

let dataDir: string;
let database: Database | undefined;
let lock: DataFolderLock | undefined;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ukr-admin-cli-"));
});

afterEach(async () => {
  await database?.close();
  database = undefined;
  lock?.release();
  lock = undefined;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function embeddedEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SITE_URL: "http://localhost:3000", LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  delete env.ADMIN_EMAIL;
  delete env.ADMIN_PASSWORD;
  return env;
}

const adminCreate = (args: string[]) => runProcess("npx", ["tsx", "scripts/admin-create.ts", ...args], embeddedEnv());

/** Signs in through the real flow against the folder the CLI wrote (after the CLI has exited). */
async function signsIn(email: string, password: string) {
  database ??= await openDatabase({ kind: "pglite", dataDir });
  const auth = createAuth({ db: database.db, settings: { siteUrl: "http://localhost:3000" }, secret: "s".repeat(32) });
  return (await signInWithPassword(auth, { siteUrl: "http://localhost:3000", client: { ip: "192.0.2.50", userAgent: null } }, { email, password })).ok;
}

describe("npm run admin:create", { timeout: 180_000 }, () => {
  it("refuses with a clear message while a server holds the data folder", async () => {
    lock = acquireDataFolderLock(dataDir);
    const result = await adminCreate(["--email", "first@thula.example", "--password", "first admin passphrase"]);
    expect(result).toMatchObject({ exitCode: 1, stdout: "" });
    expect(result.stderr).toContain(`npm run admin:create: The data folder ${dataDir} is in use by another process (pid ${process.pid})`);
    expect(fs.existsSync(path.join(dataDir, "pgdata"))).toBe(false);
  });

  it("creates the first admin with a generated password when not run in a terminal, and is idempotent", async () => {
    const first = await adminCreate(["--email", "First@Thula.example"]);
    expect(first).toMatchObject({ exitCode: 0, stdout: expect.stringContaining("Created the admin account: first@thula.example") });
    const password = first.stdout.match(/Generated password \(shown only now; keep it somewhere safe\): (\S+)/)?.[1];
    expect(password?.length).toBeGreaterThanOrEqual(20);

    const again = await adminCreate(["--email", "first@thula.example"]);
    expect(again).toMatchObject({ exitCode: 0, stdout: expect.stringContaining("The account is an admin (password unchanged): first@thula.example") });
    expect(again.stdout).not.toContain("Generated password");
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    expect(await signsIn("first@thula.example", password!)).toBe(true);
    const [account] = await database!.db.select().from(authUsers).where(eq(authUsers.email, "first@thula.example"));
    expect(account?.emailVerified).toBe(true);
    expect(isAdmin(await findAccountAccess(database!.db, account!.id))).toBe(true);
  });

  it("sets the given password, resets it only when --password is given again, and refuses a short one", async () => {
    expect(await adminCreate(["--email", "ops@thula.example", "--password", "short"])).toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining("The password must be at least 12 characters."),
    });
    expect((await adminCreate(["--email", "ops@thula.example", "--password", "operations passphrase"])).exitCode).toBe(0);
    const reset = await adminCreate(["--email", "ops@thula.example", "--password", "a rotated passphrase"]);
    expect(reset).toMatchObject({ exitCode: 0, stdout: expect.stringContaining("Updated the admin account (new password): ops@thula.example") });
    expect(await signsIn("ops@thula.example", "a rotated passphrase")).toBe(true);
    expect(await signsIn("ops@thula.example", "operations passphrase")).toBe(false);
  });

  it("explains its usage when --email is missing", async () => {
    const result = await adminCreate([]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("--email is required.");
    expect(result.stderr).toContain("Usage: npm run admin:create -- --email");
  });
});
