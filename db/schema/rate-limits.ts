import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Fixed-window counters for the public forms, in the database so they hold across instances. */
export const formRateLimits = pgTable("form_rate_limits", {
  /** e.g. "consultation:203.0.113.7" */
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});
