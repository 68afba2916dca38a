import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { contactDetails, createdAt, id, updatedAt, version } from "./columns.ts";
import { preferredContactValues } from "./enums.ts";
import { personSearchText, phoneDigits } from "./search.ts";

export { preferredContactValues };


/** The people who book (docs/product.md §4.2). Accounts that sign in live in the auth tables. */
export const users = pgTable(
  "users",
  {
    id: id(),
    ...contactDetails(),
    isAdmin: boolean("is_admin").notNull().default(false),
    /** Set when the contact asked to be forgotten but has bookings or payments to keep (docs/decisions/016). */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    createdAt: createdAt(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    index("users_created_idx").on(sql`${table.createdAt} desc`, sql`${table.id} desc`),
    index("users_search_trgm_idx").using("gin", sql`${personSearchText(table)} gin_trgm_ops`),
    index("users_phone_digits_trgm_idx").using("gin", sql`${phoneDigits(table.phone)} gin_trgm_ops`),
    check("users_preferred_contact_check", sql`${table.preferredContact} in ('email', 'phone', 'whatsapp')`),
  ],
);
