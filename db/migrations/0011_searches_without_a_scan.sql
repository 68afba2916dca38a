-- The last text searches that read whole tables get trigram indexes (pg_trgm, loaded by 0008; docs/decisions/029):
-- the activity log's, the consultation list's description, and the seminars' (/events and the portal's list).
CREATE INDEX "activity_log_search_trgm_idx" ON "activity_log" USING gin (("summary" || ' ' || "actor_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "consultation_bookings_description_trgm_idx" ON "consultation_bookings" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "seminars_search_trgm_idx" ON "seminars" USING gin (("title" || ' ' || "location" || ' ' || "description") gin_trgm_ops);