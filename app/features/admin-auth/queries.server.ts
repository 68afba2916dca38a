import { and, eq, exists, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { authUsers, profiles, users } from "#db/schema/index.ts";

// The only code of this feature that touches tables directly. better-auth owns the
// auth_* tables; we read them here and write only profiles, and an account's name (the
// profile page writes it in one transaction with its activity entry).

export type AccountAccess = { email: string; emailVerified: boolean; adminGranted: boolean };

/**
 * What decides admin access for one sign-in account, read fresh in one query: its verified
 * flag, and whether an admin grant exists (its profile, or a contact with the same e-mail
 * marked admin on the Users screen). null when the account does not exist.
 */
export async function findAccountAccess(db: Db, authUserId: string): Promise<AccountAccess | null> {
  const contactGrant = db
    .select({ one: sql`1` })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${authUsers.email})`, eq(users.isAdmin, true)));
  const [row] = await db
    .select({
      email: authUsers.email,
      emailVerified: authUsers.emailVerified,
      adminGranted: sql<boolean>`(coalesce(${profiles.isAdmin}, false) or ${exists(contactGrant)})`,
    })
    .from(authUsers)
    .leftJoin(profiles, eq(profiles.id, authUsers.id))
    .where(eq(authUsers.id, authUserId))
    .limit(1);
  if (!row) return null;
  // node-postgres and PGlite both return booleans; be strict anyway.
  return { email: row.email, emailVerified: row.emailVerified === true, adminGranted: row.adminGranted === true };
}

/** The admin rule: a verified e-mail and a grant. Unverified accounts are never admins. */
export function isAdmin(access: AccountAccess | null): boolean {
  return access !== null && access.emailVerified && access.adminGranted;
}

export async function findAuthUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: authUsers.id, email: authUsers.email, name: authUsers.name, emailVerified: authUsers.emailVerified })
    .from(authUsers)
    .where(sql`lower(${authUsers.email}) = lower(${email})`)
    .limit(1);
  return row ?? null;
}

export async function setProfileAdmin(db: Db, authUserId: string, isAdminFlag: boolean): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: authUserId, isAdmin: isAdminFlag })
    .onConflictDoUpdate({ target: profiles.id, set: { isAdmin: isAdminFlag } });
}

/** The account's name, locked until the transaction ends (so a rename's "before" is exact); null when there is no such account. */
export async function lockAccountName(db: Db, authUserId: string): Promise<string | null> {
  const [row] = await db.select({ name: authUsers.name }).from(authUsers).where(eq(authUsers.id, authUserId)).for("update");
  return row?.name ?? null;
}

export async function setAccountName(db: Db, authUserId: string, name: string): Promise<void> {
  await db.update(authUsers).set({ name, updatedAt: new Date() }).where(eq(authUsers.id, authUserId));
}
