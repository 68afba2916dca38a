import { spawn, spawnSync } from "node:child_process";
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
import { repoRoot, runProcess, type ProcessResult } from "../tests/support/processes.ts";

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

/** util-linux `script`: runs the command in a pseudo-terminal, so the CLI sees a terminal. */
const hasScript = spawnSync("script", ["--version"]).status === 0;

/**
 * Runs admin:create in a pseudo-terminal and answers its prompts in order: each answer is
 * typed once its prompt has shown (one more time than it was answered before).
 */
function adminCreateInTerminal(args: string[], answers: Array<[prompt: string, answer: string]>): Promise<ProcessResult> {
  const command = ["npx", "tsx", "scripts/admin-create.ts", ...args].map((part) => `'${part}'`).join(" ");
  const child = spawn("script", ["-qec", command, "/dev/null"], { cwd: repoRoot, env: embeddedEnv() });
  let stdout = "";
  const pending = [...answers];
  const answered = new Map<string, number>();
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    const next = pending[0];
    const times = answered.get(next?.[0] ?? "") ?? 0;
    if (next && stdout.split(next[0]).length - 1 > times) {
      pending.shift();
      answered.set(next[0], times + 1);
      child.stdin.write(`${next[1]}\r`);
    }
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ exitCode: code ?? 1, stdout, stderr: "" })));
}

/** Signs in through the real flow against the folder the CLI wrote (after the CLI has exited). */
async function signsIn(email: string, password: string) {
  database ??= await openDatabase({ kind: "pglite", dataDir });
  const auth = createAuth({ db: database.db, settings: { siteUrl: "http://localhost:3000", siteOrigins: ["http://localhost:3000"] }, secret: "s".repeat(32) });
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
    // Without a terminal nobody is asked for a name: the account has none yet.
    expect(first.stdout).toContain("No name yet: the admin can give one on their profile page (/admin/profile).");
    const password = first.stdout.match(/Generated password \(shown only now; keep it somewhere safe\): (\S+)/)?.[1];
    expect(password?.length).toBeGreaterThanOrEqual(20);

    const again = await adminCreate(["--email", "first@thula.example"]);
    expect(again).toMatchObject({ exitCode: 0, stdout: expect.stringContaining("The account is an admin (password unchanged): first@thula.example") });
    expect(again.stdout).not.toContain("Generated password");
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    expect(await signsIn("first@thula.example", password!)).toBe(true);
    const [account] = await database!.db.select().from(authUsers).where(eq(authUsers.email, "first@thula.example"));
    expect(account).toMatchObject({ emailVerified: true, name: "" });
    expect(isAdmin(await findAccountAccess(database!.db, account!.id))).toBe(true);
  });

  it("names the admin with --name, keeps a name the account has, and refuses an empty or long one", async () => {
    const created = await adminCreate(["--email", "named@thula.example", "--name", "  Thandi Mokoena ", "--password", "named admin passphrase"]);
    expect(created).toMatchObject({ exitCode: 0, stdout: expect.stringContaining("Name: Thandi Mokoena\n") });
    const again = await adminCreate(["--email", "named@thula.example", "--name", "Someone Else"]);
    expect(again).toMatchObject({ exitCode: 0, stdout: expect.stringContaining("Name: Thandi Mokoena (kept: the account had one already") });

    for (const [name, message] of [
      ["\u200b ", "--name: Please enter your name."],
      ["x".repeat(101), "--name: Your name must be at most 100 characters."],
    ]) {
      const refused = await adminCreate(["--email", "unnamed@thula.example", "--name", name!, "--password", "unnamed admin passphrase"]);
      expect(refused).toMatchObject({ exitCode: 1, stderr: expect.stringContaining(message!) });
    }

    database ??= await openDatabase({ kind: "pglite", dataDir });
    const rows = await database.db.select({ email: authUsers.email, name: authUsers.name }).from(authUsers);
    expect(rows).toEqual([{ email: "named@thula.example", name: "Thandi Mokoena" }]);
  });

  it.skipIf(!hasScript)("asks for the name and the password in a terminal", async () => {
    const result = await adminCreateInTerminal(
      ["--email", "prompted@thula.example"],
      [
        ["The admin's name", "Sipho Dlamini"],
        ["New admin password", "typed admin passphrase"],
        ["Type it again", "typed admin passphrase"],
      ],
    );
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.stdout).toContain("Created the admin account: prompted@thula.example");
    expect(result.stdout).toContain("Name: Sipho Dlamini");
    expect(result.stdout).not.toContain("typed admin passphrase");
    expect(await signsIn("prompted@thula.example", "typed admin passphrase")).toBe(true);
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
