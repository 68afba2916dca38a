import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { authAccounts, authSessions, authUsers, profiles } from "#db/schema/index.ts";
import { testEngine } from "../../../tests/support/test-database.ts";
import { AdminSetupError, DEMO_ADMIN, ensureAdmin, ensureStartupAdmins } from "./admins.server.ts";
import { getAuth, type Auth } from "./auth.server.ts";
import { findAccountAccess, isAdmin } from "./queries.server.ts";
import { signInWithPassword, signUpAccount } from "./service.server.ts";
import { cookieHeader, nextClient, testSiteUrl, useTestRuntime } from "./testing.server.ts";

const { database, runtime } = useTestRuntime();
let auth: Auth;

beforeAll(() => {
  auth = getAuth(runtime);
});

const call = () => ({ siteUrl: testSiteUrl, client: nextClient() });

async function canSignIn(email: string, password: string) {
  return (await signInWithPassword(auth, call(), { email, password })).ok;
}

async function sessionsOf(userId: string) {
  return database.db.select().from(authSessions).where(eq(authSessions.userId, userId));
}

describe(`ensureAdmin (${testEngine})`, () => {
  it("creates a verified admin whose password works through the normal sign-in", async () => {
    const result = await ensureAdmin(database.db, auth, { email: "First.Admin@Thula.example", password: "first admin passphrase" });
    expect(result).toMatchObject({ email: "first.admin@thula.example", created: true, passwordSet: true });
    const [account] = await database.db.select().from(authUsers).where(eq(authUsers.id, result.userId));
    expect(account).toMatchObject({ email: "first.admin@thula.example", emailVerified: true });
    expect(await database.db.select().from(profiles).where(eq(profiles.id, result.userId))).toMatchObject([{ isAdmin: true }]);
    expect(isAdmin(await findAccountAccess(database.db, result.userId))).toBe(true);
    expect(await canSignIn("first.admin@thula.example", "first admin passphrase")).toBe(true);
    // Stored as better-auth's hash, never the password itself.
    const [credential] = await database.db.select().from(authAccounts).where(eq(authAccounts.userId, result.userId));
    expect(credential!.password).not.toContain("first admin passphrase");
  });

  it("gives a new admin its name, and an existing one a name only while it has none", async () => {
    const email = "named@thula.example";
    const nameOf = async (userId: string) => (await database.db.select().from(authUsers).where(eq(authUsers.id, userId)))[0]?.name;
    const nameless = await ensureAdmin(database.db, auth, { email, password: "named passphrase one" });
    expect(await nameOf(nameless.userId)).toBe("");
    await ensureAdmin(database.db, auth, { email, name: "  Thandi Mokoena " });
    expect(await nameOf(nameless.userId)).toBe("Thandi Mokoena");
    await ensureAdmin(database.db, auth, { email, name: "Someone Else" });
    expect(await nameOf(nameless.userId)).toBe("Thandi Mokoena");
    const created = await ensureAdmin(database.db, auth, { email: "created.named@thula.example", password: "named passphrase two", name: "Pieter" });
    expect(await nameOf(created.userId)).toBe("Pieter");
  });

  it("is idempotent, and keeps the password of a verified admin unless told to reset it", async () => {
    const email = "steady@thula.example";
    const first = await ensureAdmin(database.db, auth, { email, password: "steady passphrase one" });
    const again = await ensureAdmin(database.db, auth, { email, password: "another passphrase two" });
    expect(again).toMatchObject({ userId: first.userId, created: false, passwordSet: false });
    expect(await canSignIn(email, "steady passphrase one")).toBe(true);
    expect(await ensureAdmin(database.db, auth, { email })).toMatchObject({ userId: first.userId, passwordSet: false });
    expect(await database.db.select().from(authUsers).where(eq(authUsers.email, email))).toHaveLength(1);
  });

  it("resets the password on request and ends the account's sessions", async () => {
    const email = "forgetful@thula.example";
    const { userId } = await ensureAdmin(database.db, auth, { email, password: "forgotten passphrase" });
    const signedIn = await signInWithPassword(auth, call(), { email, password: "forgotten passphrase" });
    expect(signedIn.ok).toBe(true);
    expect(await sessionsOf(userId)).toHaveLength(1);

    expect(await ensureAdmin(database.db, auth, { email, password: "remembered passphrase", resetPassword: true })).toMatchObject({ passwordSet: true });
    expect(await canSignIn(email, "forgotten passphrase")).toBe(false);
    expect(await auth.api.getSession({ headers: new Headers({ cookie: cookieHeader(signedIn.setCookies) }) })).toBeNull();
    expect(await canSignIn(email, "remembered passphrase")).toBe(true);
  });

  it("promotes an existing verified account that signed up itself, keeping its password", async () => {
    const email = "promoted@thula.example";
    await signUpAccount(auth, call(), { email, password: "their own passphrase" });
    const [account] = await database.db.select().from(authUsers).where(eq(authUsers.email, email));
    await database.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, account!.id));
    await ensureAdmin(database.db, auth, { email });
    expect(isAdmin(await findAccountAccess(database.db, account!.id))).toBe(true);
    expect(await canSignIn(email, "their own passphrase")).toBe(true);
  });

  it("takes over an unverified sign-up: the squatter's password and sessions stop working", async () => {
    const email = "squatted@thula.example";
    await signUpAccount(auth, call(), { email, password: "squatter passphrase" });
    const squatter = await signInWithPassword(auth, call(), { email, password: "squatter passphrase" });
    expect(squatter.ok).toBe(true);

    await expect(ensureAdmin(database.db, auth, { email })).rejects.toThrow(/never verified: a new password is needed/);
    const result = await ensureAdmin(database.db, auth, { email, password: "rightful owner passphrase" });
    expect(result).toMatchObject({ created: false, passwordSet: true });
    expect(await canSignIn(email, "squatter passphrase")).toBe(false);
    expect(await auth.api.getSession({ headers: new Headers({ cookie: cookieHeader(squatter.setCookies) }) })).toBeNull();
    expect(await canSignIn(email, "rightful owner passphrase")).toBe(true);
    expect(isAdmin(await findAccountAccess(database.db, result.userId))).toBe(true);
  });

  it("refuses a short password, and a new account without one", async () => {
    await expect(ensureAdmin(database.db, auth, { email: "short@thula.example", password: "too short" })).rejects.toBeInstanceOf(AdminSetupError);
    await expect(ensureAdmin(database.db, auth, { email: "nopass@thula.example" })).rejects.toThrow(/a password is needed to create it/);
    expect(await database.db.select().from(authUsers).where(eq(authUsers.email, "nopass@thula.example"))).toEqual([]);
  });
});

describe(`admins at server start (${testEngine})`, () => {
  it("creates no demo admin outside demo mode", async () => {
    const settings = { ...runtime.settings, demoMode: false, embedded: false, production: true };
    await ensureStartupAdmins({ settings, db: database.db });
    expect(await database.db.select().from(authUsers).where(eq(authUsers.email, DEMO_ADMIN.email))).toEqual([]);
  });

  it("creates the demo admin in demo mode and the ADMIN_EMAIL admin when set, once", async () => {
    vi.stubEnv("ADMIN_EMAIL", "ops@thula.example");
    vi.stubEnv("ADMIN_PASSWORD", "operations passphrase");
    try {
      expect(runtime.settings.demoMode).toBe(true);
      await ensureStartupAdmins(runtime);
      await ensureStartupAdmins(runtime);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(await canSignIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).toBe(true);
    expect(await canSignIn("ops@thula.example", "operations passphrase")).toBe(true);
    expect(await database.db.select().from(authUsers).where(eq(authUsers.email, DEMO_ADMIN.email))).toHaveLength(1);
  });
});
