import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { activitySearchText } from "./search.ts";

/** One field's change in an activity entry; personal details are logged as changed, never with their values. */
export type ActivityChange = { before: unknown; after: unknown } | { changed: true };

/**
 * Who did what, when, to which record (docs/product.md §3.10, docs/decisions/013-activity-log.md). Append-only:
 * a trigger in the migration refuses UPDATE, DELETE and TRUNCATE on it, whoever asks.
 */
export const activityLog = pgTable(
  "activity_log",
  {
    /** Increasing: the order of events, also between two in the same millisecond. */
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The admin account (auth_users.id); null for the system, a visitor or a failed sign-in. */
    actorId: text("actor_id"),
    /** As the actor was called then: the admin's name, "System", "Visitor" or the address typed. */
    actorName: text("actor_name").notNull(),
    actorEmail: text("actor_email"),
    /** What happened, as `<entity>.<verb>`, e.g. `seminar.update`, `signin.failed`. */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    /** One readable line, e.g. 'Changed the status to "Confirmed"'. */
    summary: text("summary").notNull(),
    changes: jsonb("changes").$type<Record<string, ActivityChange>>(),
    /** The client address of the request, for sign-ins. */
    ip: text("ip"),
  },
  (table) => [
    index("activity_log_at_idx").on(sql`${table.at} desc`, sql`${table.id} desc`),
    index("activity_log_entity_idx").on(table.entityType, table.entityId, sql`${table.id} desc`),
    index("activity_log_actor_idx").on(table.actorId, sql`${table.id} desc`),
    index("activity_log_search_trgm_idx").using("gin", sql`${activitySearchText(table)} gin_trgm_ops`),
  ],
);
