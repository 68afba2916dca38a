import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, time } from "drizzle-orm/pg-core";
import { cancellation, createdAt, id, updatedAt, version } from "./columns.ts";
import { seminarSearchText } from "./search.ts";

export const seminars = pgTable(
  "seminars",
  {
    id: id(),
    title: text("title").notNull(),
    organizerName: text("organizer_name").notNull(),
    description: text("description").notNull().default(""),
    city: text("city").notNull(),
    venueName: text("venue_name").notNull(),
    address: text("address").notNull(),
    location: text("location").notNull(),
    /** Calendar date in Africa/Johannesburg. */
    seminarDate: date("seminar_date", { mode: "string" }).notNull(),
    /** Wall-clock start time in Africa/Johannesburg. */
    seminarTime: time("seminar_time").notNull(),
    /** ZAR, in cents: money is never a float. */
    priceCents: integer("price_cents").notNull().default(120000),
    maxAttendees: integer("max_attendees").notNull().default(30),
    /** Confirmed bookings plus live holds; changed only under a lock on this row. */
    currentAttendees: integer("current_attendees").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    /** A cancelled seminar is archived: kept with its bookings, never listed to visitors again. */
    ...cancellation(),
    createdAt: createdAt(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("seminars_date_idx").on(table.seminarDate),
    index("seminars_search_trgm_idx").using("gin", sql`${seminarSearchText(table)} gin_trgm_ops`),
    check("seminars_price_check", sql`${table.priceCents} >= 0`),
    check("seminars_max_attendees_check", sql`${table.maxAttendees} >= 1`),
    check(
      "seminars_attendees_range_check",
      sql`${table.currentAttendees} >= 0 and ${table.currentAttendees} <= ${table.maxAttendees}`,
    ),
  ],
);
