CREATE TABLE "seminar_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"seminar_id" uuid NOT NULL,
	"seat_number" smallint NOT NULL,
	"attendee_name" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" text,
	CONSTRAINT "seminar_tickets_code_unique" UNIQUE("code"),
	CONSTRAINT "seminar_tickets_booking_seat_unique" UNIQUE("booking_id","seat_number"),
	CONSTRAINT "seminar_tickets_seat_number_check" CHECK ("seminar_tickets"."seat_number" between 1 and 6),
	CONSTRAINT "seminar_tickets_code_check" CHECK ("seminar_tickets"."code" ~ '^[A-Za-z0-9_-]{22,}$')
);
--> statement-breakpoint
ALTER TABLE "seminar_bookings" ADD COLUMN "seats" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "seminar_bookings" ADD COLUMN "attendee_names" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "seminar_tickets" ADD CONSTRAINT "seminar_tickets_booking_id_seminar_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."seminar_bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminar_tickets" ADD CONSTRAINT "seminar_tickets_seminar_id_seminars_id_fk" FOREIGN KEY ("seminar_id") REFERENCES "public"."seminars"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seminar_tickets_seminar_idx" ON "seminar_tickets" USING btree ("seminar_id");--> statement-breakpoint
ALTER TABLE "seminar_bookings" ADD CONSTRAINT "seminar_bookings_seats_check" CHECK ("seminar_bookings"."seats" between 1 and 6);--> statement-breakpoint
ALTER TABLE "seminar_bookings" ADD CONSTRAINT "seminar_bookings_attendee_names_check" CHECK (jsonb_typeof("seminar_bookings"."attendee_names") = 'array' and jsonb_array_length("seminar_bookings"."attendee_names") in (0, "seminar_bookings"."seats"));