-- Trigram indexes (pg_trgm) let the portal's ILIKE '%…%' searches use an index (docs/decisions/029).
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it; PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "consultation_bookings_created_idx";--> statement-breakpoint
CREATE INDEX "consultation_bookings_paid_idx" ON "consultation_bookings" USING btree ("paid_at") WHERE "consultation_bookings"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "seminar_bookings_created_idx" ON "seminar_bookings" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "seminar_bookings_paid_idx" ON "seminar_bookings" USING btree ("paid_at") WHERE "seminar_bookings"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "seminar_bookings_search_trgm_idx" ON "seminar_bookings" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_digits_trgm_idx" ON "users" USING gin (regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "email_outbox_status_created_idx" ON "email_outbox" USING btree ("status","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "consultation_bookings_created_idx" ON "consultation_bookings" USING btree ("created_at" desc,"id" desc);