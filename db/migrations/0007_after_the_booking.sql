CREATE TABLE "seminar_waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seminar_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"address" text,
	"preferred_contact" text DEFAULT 'email' NOT NULL,
	"seats" smallint DEFAULT 1 NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offer_booking_id" uuid,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seminar_waitlist_status_check" CHECK ("seminar_waitlist_entries"."status" in ('waiting', 'offered', 'booked', 'lapsed', 'withdrawn')),
	CONSTRAINT "seminar_waitlist_seats_check" CHECK ("seminar_waitlist_entries"."seats" between 1 and 6),
	CONSTRAINT "seminar_waitlist_offer_check" CHECK ("seminar_waitlist_entries"."status" not in ('offered', 'booked') or ("seminar_waitlist_entries"."offer_booking_id" is not null and "seminar_waitlist_entries"."offer_expires_at" is not null)),
	CONSTRAINT "seminar_waitlist_preferred_contact_check" CHECK ("seminar_waitlist_entries"."preferred_contact" in ('email', 'phone', 'whatsapp'))
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" DROP CONSTRAINT "checkout_sessions_provider_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_provider_check";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_provider_check";--> statement-breakpoint
ALTER TABLE "seminar_tickets" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seminar_tickets" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "seminar_waitlist_entries" ADD CONSTRAINT "seminar_waitlist_entries_seminar_id_seminars_id_fk" FOREIGN KEY ("seminar_id") REFERENCES "public"."seminars"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminar_waitlist_entries" ADD CONSTRAINT "seminar_waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminar_waitlist_entries" ADD CONSTRAINT "seminar_waitlist_entries_offer_booking_id_seminar_bookings_id_fk" FOREIGN KEY ("offer_booking_id") REFERENCES "public"."seminar_bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seminar_waitlist_line_idx" ON "seminar_waitlist_entries" USING btree ("seminar_id","status","position");--> statement-breakpoint
CREATE INDEX "seminar_waitlist_offer_idx" ON "seminar_waitlist_entries" USING btree ("offer_expires_at") WHERE "seminar_waitlist_entries"."status" = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX "seminar_waitlist_active_email_unique" ON "seminar_waitlist_entries" USING btree ("seminar_id",lower("email")) WHERE "seminar_waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_provider_check" CHECK ("checkout_sessions"."provider" in ('stripe', 'payfast', 'test'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_provider_check" CHECK ("ledger_entries"."provider" in ('stripe', 'payfast', 'test', 'manual'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_provider_check" CHECK ("refunds"."provider" in ('stripe', 'payfast', 'test', 'manual'));