import { and, desc, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "#db/client.ts";
import { personSearchText, phoneDigits, users } from "#db/schema/index.ts";
import { containsPattern } from "~/lib/search-text.ts";
import { ANONYMISED_NAME, anonymisedEmail } from "./rules.ts";
import type { AdminContactInput, ContactDetails } from "./schema.ts";

// The only code that touches the contacts (users) table.

export type ContactRow = typeof users.$inferSelect;

export type UpsertedContact = { id: string; email: string; version: number };

/**
 * Inserts the contact, or keeps the one with this e-mail (any case) and fills only what it
 * lacked, which makes a new version of it (an admin's open edit form is then out of date).
 * Undefined when the contact existed and had nothing to fill: read it with findContactByEmail
 * (ON CONFLICT locked its row for the transaction even so). An anonymised contact is never
 * filled again (its placeholder e-mail cannot be typed anyway; docs/decisions/016).
 */
export async function upsertContactRow(db: Db, details: ContactDetails): Promise<UpsertedContact | undefined> {
  const result = await db.execute(sql`
    insert into users (first_name, last_name, email, phone, address, preferred_contact, is_admin)
    values (${details.firstName}, ${details.lastName}, ${details.email}, ${details.phone ?? null},
            ${details.address ?? null}, ${details.preferredContact}, false)
    on conflict ((lower(email))) do update
      set phone = coalesce(users.phone, excluded.phone),
          address = coalesce(users.address, excluded.address),
          version = users.version + 1,
          updated_at = now()
      where users.anonymised_at is null
        and ((users.phone is null and excluded.phone is not null)
          or (users.address is null and excluded.address is not null))
    returning id, email, version
  `);
  return rowsOf<UpsertedContact>(result)[0];
}

export async function findContactByEmail(db: Db, email: string): Promise<{ id: string; email: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.anonymisedAt)))
    .limit(1);
  return row;
}

export async function findContact(db: Db, id: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The contact, its row locked for the rest of the transaction (an edit reads what it changes). */
export async function lockContactRow(tx: Db, id: string): Promise<ContactRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for("update");
  return row;
}

export async function insertContact(db: Db, input: AdminContactInput): Promise<ContactRow> {
  const [row] = await db.insert(users).values(input).returning();
  return row!;
}

/** The admin form's changes, only while the contact is still at `version` (then one more); undefined when it is gone or has moved on. */
export async function updateContactRow(db: Db, id: string, version: number, input: AdminContactInput): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...input, version: sql`${users.version} + 1` })
    .where(and(eq(users.id, id), eq(users.version, version)))
    .returning();
  return row;
}

export async function deleteContactRow(tx: Db, id: string): Promise<boolean> {
  const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0;
}

/** Name, e-mail or phone contains the text (case-insensitive); a phone-like search also matches digits only ("082 555" finds "+27 82 555 0123"). */
export function contactSearchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  // One expression per index (db/schema/search.ts): each arm of the OR is answered by its trigram index.
  const conditions: SQL[] = [sql`${personSearchText(users)} ilike ${pattern}`];
  const digits = /^[+\d\s()-]+$/.test(q) ? q.replace(/\D/g, "").replace(/^0/, "") : "";
  if (digits.length >= 3) conditions.push(sql`${phoneDigits(users.phone)} like ${`%${digits}%`}`);
  return or(...conditions);
}

export type ContactChoiceRow = { id: string; firstName: string; lastName: string; email: string };

const choiceColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

/** At most `limit` contacts but the anonymised ones matching `q` (every one when empty), newest first: the users_created_idx order. */
export async function findContactChoices(db: Db, q: string, limit: number): Promise<ContactChoiceRow[]> {
  return db
    .select(choiceColumns)
    .from(users)
    .where(and(isNull(users.anonymisedAt), contactSearchCondition(q)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

/** Another contact (not `exceptId`) already has this e-mail, in any case. */
export async function emailTaken(db: Db, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, exceptId ? sql`${users.id} <> ${exceptId}` : undefined))
    .limit(1);
  return Boolean(row);
}

/**
 * Erases the contact's personal details in place (docs/decisions/016): the name becomes
 * "Deleted contact", the e-mail a placeholder, phone and address go, admin privileges go with
 * the e-mail. Undefined when the contact does not exist or was already anonymised.
 */
export async function anonymiseContactRow(tx: Db, id: string, now: Date): Promise<ContactRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      ...ANONYMISED_NAME,
      email: anonymisedEmail(id),
      phone: null,
      address: null,
      isAdmin: false,
      anonymisedAt: now,
      version: sql`${users.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(users.id, id), isNull(users.anonymisedAt)))
    .returning();
  return row;
}

/** Which of these addresses (compared case-insensitively) another contact than `contactId` has. */
export async function addressesOfOtherContacts(db: Db, contactId: string, addresses: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(addresses.map((address) => address.toLowerCase()))];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, wanted), ne(users.id, contactId)));
  return rows.map((row) => row.email);
}
