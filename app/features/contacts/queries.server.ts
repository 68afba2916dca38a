import { and, asc, eq, sql } from "drizzle-orm";
import { rowsOf, type Db } from "#db/client.ts";
import { users } from "#db/schema/index.ts";
import type { AdminContactInput, ContactDetails } from "./schema.ts";

// The only code that touches the contacts (users) table.

export type ContactRow = typeof users.$inferSelect;

export type UpsertedContact = { id: string; email: string; version: number };

/**
 * Inserts the contact, or keeps the one with this e-mail (any case) and fills only what it
 * lacked, which makes a new version of it (an admin's open edit form is then out of date).
 * Undefined when the contact existed and had nothing to fill: read it with findContactByEmail
 * (ON CONFLICT locked its row for the transaction even so).
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
      where (users.phone is null and excluded.phone is not null)
         or (users.address is null and excluded.address is not null)
    returning id, email, version
  `);
  return rowsOf<UpsertedContact>(result)[0];
}

export async function findContactByEmail(db: Db, email: string): Promise<{ id: string; email: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
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

export type ContactOption = { id: string; firstName: string; lastName: string; email: string; phone: string | null };

/** Every contact for a picker (docs/product.md §3.5): id, names, e-mail, phone, by first name. */
export async function findContactOptions(db: Db): Promise<ContactOption[]> {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
    .from(users)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
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
