CREATE TABLE "seminar_sales_months" (
	"month" date PRIMARY KEY NOT NULL,
	"seats" integer NOT NULL,
	"bookings" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_months" (
	"month" date NOT NULL,
	"booking_kind" text NOT NULL,
	"entry_type" text NOT NULL,
	"cents" bigint NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "ledger_months_pkey" PRIMARY KEY("month","booking_kind","entry_type")
);
--> statement-breakpoint
-- The dashboard's monthly figures, kept by the database (docs/decisions/034). Both triggers are
-- deferred to commit: the month's row is locked only while a transaction commits, after all its
-- other locks, so a payment's transaction never waits on it holding a seat or a booking.
CREATE FUNCTION "ledger_months_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "ledger_months" ("month", "booking_kind", "entry_type", "cents", "entries")
	VALUES (date_trunc('month', NEW."occurred_at" AT TIME ZONE 'Africa/Johannesburg')::date, NEW."booking_kind", NEW."entry_type", NEW."amount_cents", 1)
	ON CONFLICT ("month", "booking_kind", "entry_type")
	DO UPDATE SET "cents" = "ledger_months"."cents" + EXCLUDED."cents", "entries" = "ledger_months"."entries" + 1;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_add_to_months" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_months_add"();--> statement-breakpoint
-- A booking is a sale of its seats in the month it was paid, while it is paid and not wholly refunded.
CREATE FUNCTION "seminar_sales_months_move"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was_month date;
	was_seats integer := 0;
	now_month date;
	now_seats integer := 0;
BEGIN
	IF TG_OP <> 'INSERT' AND OLD."is_paid" AND OLD."paid_at" IS NOT NULL AND OLD."refunded_cents" < OLD."amount_cents" THEN
		was_month := date_trunc('month', OLD."paid_at" AT TIME ZONE 'Africa/Johannesburg')::date;
		was_seats := OLD."seats";
	END IF;
	IF TG_OP <> 'DELETE' AND NEW."is_paid" AND NEW."paid_at" IS NOT NULL AND NEW."refunded_cents" < NEW."amount_cents" THEN
		now_month := date_trunc('month', NEW."paid_at" AT TIME ZONE 'Africa/Johannesburg')::date;
		now_seats := NEW."seats";
	END IF;
	IF was_month IS NOT DISTINCT FROM now_month AND was_seats = now_seats THEN
		RETURN NULL;
	END IF;
	IF was_month IS NOT NULL THEN
		INSERT INTO "seminar_sales_months" ("month", "seats", "bookings") VALUES (was_month, -was_seats, -1)
		ON CONFLICT ("month") DO UPDATE SET "seats" = "seminar_sales_months"."seats" + EXCLUDED."seats", "bookings" = "seminar_sales_months"."bookings" + EXCLUDED."bookings";
	END IF;
	IF now_month IS NOT NULL THEN
		INSERT INTO "seminar_sales_months" ("month", "seats", "bookings") VALUES (now_month, now_seats, 1)
		ON CONFLICT ("month") DO UPDATE SET "seats" = "seminar_sales_months"."seats" + EXCLUDED."seats", "bookings" = "seminar_sales_months"."bookings" + EXCLUDED."bookings";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "seminar_bookings_move_sales" AFTER INSERT OR DELETE OR UPDATE OF "is_paid", "paid_at", "refunded_cents", "amount_cents", "seats" ON "seminar_bookings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "seminar_sales_months_move"();--> statement-breakpoint
-- The summaries rebuilt from the rows themselves: the backfill below, and after a bulk load that
-- ran with the triggers off (the scale bench), or whenever they are in doubt.
CREATE FUNCTION "dashboard_summaries_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "ledger_months";
	INSERT INTO "ledger_months" ("month", "booking_kind", "entry_type", "cents", "entries")
	SELECT date_trunc('month', "occurred_at" AT TIME ZONE 'Africa/Johannesburg')::date, "booking_kind", "entry_type", sum("amount_cents"), count(*)
	  FROM "ledger_entries" GROUP BY 1, 2, 3;
	DELETE FROM "seminar_sales_months";
	INSERT INTO "seminar_sales_months" ("month", "seats", "bookings")
	SELECT date_trunc('month', "paid_at" AT TIME ZONE 'Africa/Johannesburg')::date, sum("seats"), count(*)
	  FROM "seminar_bookings" WHERE "is_paid" AND "paid_at" IS NOT NULL AND "refunded_cents" < "amount_cents" GROUP BY 1;
END $$;--> statement-breakpoint
SELECT "dashboard_summaries_rebuild"();
