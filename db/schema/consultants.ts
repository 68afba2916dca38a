import { sql } from "drizzle-orm";
import { boolean, check, date, index, pgTable, primaryKey, smallint, text, time, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, version } from "./columns.ts";

// Consultations in real time slots (issue 17, docs/decisions/035): the staff who take them,
// the hours each works and the dates worked differently. Hours are wall-clock times in the
// consultant's own time zone.

export const consultants = pgTable(
  "consultants",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The zone the hours below are in (IANA name); the site's default is UK time. */
    timeZone: text("time_zone").notNull().default("Europe/London"),
    /** A fixed meeting room (https://…); without one, a room is made under the site's video address. */
    meetingUrl: text("meeting_url"),
    takesPaid: boolean("takes_paid").notNull().default(true),
    takesFree: boolean("takes_free").notNull().default(true),
    isActive: boolean("is_active").notNull().default(true),
    /** The secret of the consultant's private calendar feed; a new one revokes the old address. */
    calendarToken: text("calendar_token").notNull(),
    createdAt: createdAt(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("consultants_calendar_token_unique").on(table.calendarToken),
    uniqueIndex("consultants_email_unique").on(sql`lower(${table.email})`),
    check("consultants_meeting_url_check", sql`${table.meetingUrl} is null or ${table.meetingUrl} ~ '^https://'`),
    check("consultants_calendar_token_check", sql`${table.calendarToken} ~ '^[A-Za-z0-9_-]{22,}$'`),
  ],
);

/** Weekly hours: one row per stretch worked on a weekday (ISO: Monday 1 … Sunday 7). */
export const consultantHours = pgTable(
  "consultant_hours",
  {
    consultantId: uuid("consultant_id")
      .notNull()
      .references(() => consultants.id, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
  },
  (table) => [
    primaryKey({ name: "consultant_hours_pkey", columns: [table.consultantId, table.weekday, table.startTime] }),
    check("consultant_hours_weekday_check", sql`${table.weekday} between 1 and 7`),
    check("consultant_hours_span_check", sql`${table.startTime} < ${table.endTime}`),
  ],
);

/** A date worked differently: other hours (one row per stretch), or a day off (a row without times). */
export const consultantDateOverrides = pgTable(
  "consultant_date_overrides",
  {
    id: id(),
    consultantId: uuid("consultant_id")
      .notNull()
      .references(() => consultants.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    startTime: time("start_time"),
    endTime: time("end_time"),
    note: text("note"),
  },
  (table) => [
    index("consultant_date_overrides_idx").on(table.consultantId, table.date),
    check(
      "consultant_date_overrides_span_check",
      sql`(${table.startTime} is null and ${table.endTime} is null) or (${table.startTime} is not null and ${table.endTime} is not null and ${table.startTime} < ${table.endTime})`,
    ),
  ],
);
