-- A consultation booked into a slot keeps its meeting room and the zone the visitor chose it in, and the
-- sweeper finds lapsed holds through an index of live holds only (docs/decisions/035).
ALTER TABLE "consultation_bookings" ADD COLUMN "meeting_url" text;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "time_zone" text;--> statement-breakpoint
CREATE INDEX "consultation_bookings_hold_idx" ON "consultation_bookings" USING btree ("hold_expires_at") WHERE "consultation_bookings"."status" = 'pending' and "consultation_bookings"."is_paid" = false and "consultation_bookings"."hold_expires_at" is not null;