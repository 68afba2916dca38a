import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "#db/client.ts";
import type { ContactDetails } from "./schema.ts";

export type Contact = { id: string; email: string };

/**
 * Finds or creates the contact for a public form, by e-mail (case-insensitive).
 * New contacts are never admins; an existing contact keeps every detail it has, and only
 * gains ones it lacked (DECISIONS.md §3): a visitor cannot rewrite someone else's phone.
 */
export async function upsertContact(db: Db, details: ContactDetails): Promise<Contact> {
  const result = await db.execute(sql`
    insert into users (first_name, last_name, email, phone, address, preferred_contact, is_admin)
    values (${details.firstName}, ${details.lastName}, ${details.email}, ${details.phone ?? null},
            ${details.address ?? null}, ${details.preferredContact}, false)
    on conflict ((lower(email))) do update
      set phone = coalesce(users.phone, excluded.phone),
          address = coalesce(users.address, excluded.address),
          updated_at = case
            when users.phone is null and excluded.phone is not null then now()
            when users.address is null and excluded.address is not null then now()
            else users.updated_at
          end
    returning id, email
  `);
  const [row] = rowsOf<Contact>(result);
  if (!row) throw new Error("The contact upsert returned no row");
  return { id: row.id, email: row.email };
}
