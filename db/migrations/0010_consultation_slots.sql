CREATE TABLE "consultant_date_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultant_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	"note" text,
	CONSTRAINT "consultant_date_overrides_span_check" CHECK (("consultant_date_overrides"."start_time" is null and "consultant_date_overrides"."end_time" is null) or ("consultant_date_overrides"."start_time" is not null and "consultant_date_overrides"."end_time" is not null and "consultant_date_overrides"."start_time" < "consultant_date_overrides"."end_time"))
);
--> statement-breakpoint
CREATE TABLE "consultant_hours" (
	"consultant_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	CONSTRAINT "consultant_hours_pkey" PRIMARY KEY("consultant_id","weekday","start_time"),
	CONSTRAINT "consultant_hours_weekday_check" CHECK ("consultant_hours"."weekday" between 1 and 7),
	CONSTRAINT "consultant_hours_span_check" CHECK ("consultant_hours"."start_time" < "consultant_hours"."end_time")
);
--> statement-breakpoint
CREATE TABLE "consultants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"time_zone" text DEFAULT 'Europe/London' NOT NULL,
	"meeting_url" text,
	"takes_paid" boolean DEFAULT true NOT NULL,
	"takes_free" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"calendar_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultants_meeting_url_check" CHECK ("consultants"."meeting_url" is null or "consultants"."meeting_url" ~ '^https://'),
	CONSTRAINT "consultants_calendar_token_check" CHECK ("consultants"."calendar_token" ~ '^[A-Za-z0-9_-]{22,}$')
);
--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "consultant_id" uuid;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultant_date_overrides" ADD CONSTRAINT "consultant_date_overrides_consultant_id_consultants_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."consultants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultant_hours" ADD CONSTRAINT "consultant_hours_consultant_id_consultants_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."consultants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultant_date_overrides_idx" ON "consultant_date_overrides" USING btree ("consultant_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "consultants_calendar_token_unique" ON "consultants" USING btree ("calendar_token");--> statement-breakpoint
CREATE UNIQUE INDEX "consultants_email_unique" ON "consultants" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_consultant_id_consultants_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."consultants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_bookings_starts_idx" ON "consultation_bookings" USING btree ("starts_at") WHERE "consultation_bookings"."starts_at" is not null;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_slot_check" CHECK (("consultation_bookings"."consultant_id" is null and "consultation_bookings"."starts_at" is null and "consultation_bookings"."ends_at" is null and "consultation_bookings"."blocked_until" is null) or ("consultation_bookings"."consultant_id" is not null and "consultation_bookings"."starts_at" is not null and "consultation_bookings"."ends_at" is not null and "consultation_bookings"."blocked_until" is not null and "consultation_bookings"."starts_at" < "consultation_bookings"."ends_at" and "consultation_bookings"."ends_at" <= "consultation_bookings"."blocked_until"));--> statement-breakpoint
-- One consultant, one meeting at a time (docs/decisions/035): two standing bookings of the same
-- consultant can never hold overlapping time, however many requests race for it. btree_gist
-- lets the exclusion constraint compare the consultant's id with = beside the ranges' &&; like
-- pg_trgm it is a trusted extension (PostgreSQL 13+), and PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_no_overlap" EXCLUDE USING gist (
	"consultant_id" WITH =,
	tstzrange("starts_at", "blocked_until", '[)') WITH &&
) WHERE ("consultant_id" IS NOT NULL AND "status" NOT IN ('cancelled', 'refunded'));
