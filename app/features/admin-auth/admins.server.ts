import type { Db } from "#db/client.ts";
import type { Settings } from "~/lib/env.server.ts";
import { log } from "~/lib/log.server.ts";
import { getAuth, type Auth } from "./auth.server.ts";
import { setProfileAdmin } from "./queries.server.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./rules.ts";
import { isProductionMode, loadAdminAuthSettings } from "./settings.server.ts";

/** The demo admin of the embedded demo (never in production mode); its sign-in is in the README. */
export const DEMO_ADMIN = { email: "admin@thula.example", password: "thula-demo-admin", name: "Demo Admin" } as const;

export class AdminSetupError extends Error {
  override name = "AdminSetupError";
}

export type EnsureAdminInput = {
  email: string;
  /** Required for a new account, and for an existing one whose e-mail was never verified. */
  password?: string;
  /** Replace the password of an existing verified account (the CLI's --password). */
  resetPassword?: boolean;
  /** The admin's name: given to a new account, and to an existing one that has none (a name set on the profile page stays). */
  name?: string;
};

export type EnsureAdminResult = { userId: string; email: string; created: boolean; passwordSet: boolean; /** The account's name after the call ("" when it has none). */ name: string };

export function checkAdminPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw new AdminSetupError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > MAX_PASSWORD_LENGTH) throw new AdminSetupError(`The password must be at most ${MAX_PASSWORD_LENGTH} characters.`);
}

/**
 * Makes sure an admin account exists for this e-mail: verified, with profiles.is_admin, and
 * able to sign in with a password. Idempotent. Shared by `npm run admin:create`, the
 * ADMIN_EMAIL/ADMIN_PASSWORD start-up and the demo admin. The password is hashed by
 * better-auth's own hasher, so sign-in verifies it like any other.
 */
export async function ensureAdmin(db: Db, auth: Auth, input: EnsureAdminInput): Promise<EnsureAdminResult> {
  const email = input.email.trim().toLowerCase();
  if (input.password !== undefined) checkAdminPassword(input.password);
  const ctx = await auth.$context;
  const adapter = ctx.internalAdapter;
  const found = await adapter.findUserByEmail(email, { includeAccounts: true });

  let userId: string;
  let created = false;
  let passwordSet = false;
  if (!found) {
    if (input.password === undefined) throw new AdminSetupError(`No account exists for ${email} yet: a password is needed to create it.`);
    const user = await adapter.createUser({ email, name: input.name?.trim() ?? "", emailVerified: true }, { method: "admin" });
    await adapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await ctx.password.hash(input.password) });
    userId = user.id;
    created = true;
    passwordSet = true;
  } else if (!found.user.emailVerified) {
    // Someone signed up with this address but never proved they own it: nothing they set up
    // (password, sessions, linked sign-ins) may survive the promotion to admin.
    if (input.password === undefined) throw new AdminSetupError(`The account for ${email} was never verified: a new password is needed to take it over.`);
    userId = found.user.id;
    await adapter.deleteUserSessions(userId);
    await adapter.deleteAccounts(userId);
    await adapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: await ctx.password.hash(input.password) });
    await adapter.updateUser(userId, { emailVerified: true });
    passwordSet = true;
  } else {
    userId = found.user.id;
    if (input.password !== undefined && input.resetPassword) {
      const hash = await ctx.password.hash(input.password);
      const credential = found.accounts.find((account) => account.providerId === "credential" && account.accountId === userId);
      if (credential) await adapter.updatePassword(userId, hash);
      else await adapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
      // A new password ends every session, as a reset by e-mail does.
      await adapter.deleteUserSessions(userId);
      passwordSet = true;
    }
  }
  let name = created ? (input.name?.trim() ?? "") : (found?.user.name ?? "");
  if (!created && input.name?.trim() && !name.trim()) {
    name = input.name.trim();
    await adapter.updateUser(userId, { name });
  }
  await setProfileAdmin(db, userId, true);
  return { userId, email, created, passwordSet, name };
}

/**
 * At server start: the ADMIN_EMAIL/ADMIN_PASSWORD admin when both are set, and the demo admin
 * in demo mode. ADMIN_PASSWORD is the initial password: a running admin's own password change
 * survives restarts. Also builds the auth instance, so a missing production secret stops the
 * start with a readable message.
 */
export async function ensureStartupAdmins(runtime: { settings: Settings; db: Db }): Promise<void> {
  const auth = getAuth(runtime);
  const { admin } = loadAdminAuthSettings();
  if (admin) {
    const result = await ensureAdmin(runtime.db, auth, admin);
    log.info(result.created ? "Created the admin account from ADMIN_EMAIL" : "The ADMIN_EMAIL account is an admin", { email: result.email });
  }
  if (runtime.settings.demoMode && !isProductionMode(runtime.settings)) {
    await ensureAdmin(runtime.db, auth, { ...DEMO_ADMIN });
    log.info(`Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
  }
}
