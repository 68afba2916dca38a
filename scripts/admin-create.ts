// `npm run admin:create -- --email you@example.com [--name "…"] [--password …]`: creates the first admin
// (or makes an existing account an admin) without touching the database by hand.
// With the embedded database it refuses to run while a server holds the data folder: a
// second process on a PGlite folder corrupts it silently.
import { randomBytes } from "node:crypto";
import readline from "node:readline";
import { parseArgs } from "node:util";
import { z } from "zod";
import { AdminSetupError, checkAdminPassword, ensureAdmin } from "../app/features/admin-auth/admins.server.ts";
import { createAuth } from "../app/features/admin-auth/auth.server.ts";
import { adminNameSchema } from "../app/features/admin-auth/profile-form.ts";
import { findAuthUserByEmail } from "../app/features/admin-auth/queries.server.ts";
import { SettingsError, loadSettings } from "../app/lib/env.server.ts";
import { withCommandDatabase } from "./command-database.ts";

const usage = `Usage: npm run admin:create -- --email you@example.com [--name "Thandi Mokoena"] [--password "a long passphrase"]

Creates an admin account (e-mail verified, admin rights), or gives admin rights to an
existing account. Without --password: a new account gets a password you type (when run in
a terminal) or a generated one, printed once. An existing verified account keeps its
password unless --password is given. Prefer the prompt: a --password stays in your shell history.
The name (1–100 characters) is what the portal's header, notes and activity log show; without
--name you are asked for it in a terminal. It is given to an account that has none: an admin
changes their own name on their profile page.`;

class UsageError extends Error {}

function readArguments(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { email: { type: "string" }, name: { type: "string" }, password: { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.values.help) return { help: true as const };
  const email = z.email().safeParse(parsed.values.email?.trim());
  if (!email.success) throw new UsageError(parsed.values.email ? `Not an e-mail address: ${parsed.values.email}` : "--email is required.");
  let name: string | undefined;
  if (parsed.values.name !== undefined) {
    const checked = adminNameSchema.safeParse(parsed.values.name);
    if (!checked.success) throw new UsageError(`--name: ${checked.error.issues[0]?.message ?? "not a name"}`);
    name = checked.data;
  }
  return { help: false as const, email: email.data.toLowerCase(), name, password: parsed.values.password };
}

/** Reads a line (echoed). */
function ask(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer);
    });
  });
}

/** The admin's name, typed in the terminal; an empty answer leaves the account without one. */
async function promptName(): Promise<string | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = await ask("The admin's name, as the portal and its activity log show it (Enter to skip): ");
    if (answer.trim() === "") return undefined;
    const checked = adminNameSchema.safeParse(answer);
    if (checked.success) return checked.data;
    console.error(checked.error.issues[0]?.message);
  }
  throw new AdminSetupError("No valid name was given.");
}

/** Reads a line without echoing it (a password). */
function askHidden(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (text: string) => void };
  let muted = false;
  output._writeToOutput = (text: string) => {
    if (!muted) process.stdout.write(text);
  };
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      muted = false;
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function promptPassword(): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const password = await askHidden("New admin password (at least 12 characters): ");
    try {
      checkAdminPassword(password);
    } catch (error) {
      console.error((error as Error).message);
      continue;
    }
    if ((await askHidden("Type it again: ")) === password) return password;
    console.error("The two passwords differ.");
  }
  throw new AdminSetupError("No password was set.");
}

async function createAdmin(argv: string[]): Promise<number> {
  const args = readArguments(argv);
  if (args.help) {
    console.log(usage);
    return 0;
  }
  if (args.password !== undefined) checkAdminPassword(args.password);
  const settings = loadSettings();

  return withCommandDatabase("npm run admin:create", settings, async (database) => {
    // This command signs nobody in and issues no token, so it needs no session secret of its own.
    const auth = createAuth({ db: database.db, settings, secret: randomBytes(32).toString("base64url") });
    const existing = await findAuthUserByEmail(database.db, args.email);
    const needsPassword = !existing || !existing.emailVerified;
    // Asked only where it would be used: ensureAdmin keeps a name the account already has.
    const name = args.name ?? (process.stdin.isTTY && !existing?.name.trim() ? await promptName() : undefined);

    let password = args.password;
    let generated = false;
    if (password === undefined && needsPassword) {
      if (process.stdin.isTTY) {
        password = await promptPassword();
      } else {
        password = randomBytes(18).toString("base64url");
        generated = true;
      }
    }

    const result = await ensureAdmin(database.db, auth, { email: args.email, name, password, resetPassword: args.password !== undefined });
    const what = result.created ? "Created the admin account" : result.passwordSet ? "Updated the admin account (new password)" : "The account is an admin (password unchanged)";
    console.log(`${what}: ${result.email}`);
    if (name && result.name !== name) console.log(`Name: ${result.name} (kept: the account had one already; its admin changes it on their profile page)`);
    else console.log(result.name ? `Name: ${result.name}` : "No name yet: the admin can give one on their profile page (/admin/profile).");
    if (generated) console.log(`Generated password (shown only now; keep it somewhere safe): ${password}`);
    console.log(`Sign in at ${settings.siteUrl}/admin/login`);
    return 0;
  });
}

createAdmin(process.argv.slice(2)).then(
  (exitCode) => {
    process.exitCode = exitCode;
  },
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
    else if (error instanceof SettingsError || error instanceof AdminSetupError) console.error(error.message);
    else console.error(error);
    process.exitCode = 1;
  },
);
