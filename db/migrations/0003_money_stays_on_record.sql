CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_type" text NOT NULL,
	"booking_kind" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'ZAR' NOT NULL,
	"provider" text NOT NULL,
	"checkout_session_id" text,
	"provider_reference" text NOT NULL,
	"refund_id" uuid,
	"reason" text,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_cents" > 0),
	CONSTRAINT "ledger_entries_type_check" CHECK ("ledger_entries"."entry_type" in ('payment', 'refund')),
	CONSTRAINT "ledger_entries_provider_check" CHECK ("ledger_entries"."provider" in ('stripe', 'test', 'manual')),
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."booking_kind" in ('seminar', 'consultation'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_kind" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'ZAR' NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"idempotency_key" text NOT NULL,
	"failure_reason" text,
	"requested_by_id" text,
	"requested_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_provider_check" CHECK ("refunds"."provider" in ('stripe', 'test', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "consultation_bookings" DROP CONSTRAINT "consultation_bookings_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "seminar_bookings" DROP CONSTRAINT "seminar_bookings_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "seminar_bookings" DROP CONSTRAINT "seminar_bookings_seminar_id_seminars_id_fk";
--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "refund_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "seminar_bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seminar_bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "seminar_bookings" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "seminar_bookings" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seminar_bookings" ADD COLUMN "refund_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "seminar_bookings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seminars" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seminars" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "seminars" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reference_unique" ON "ledger_entries" USING btree ("provider","entry_type","provider_reference");--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_kind","booking_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_occurred_idx" ON "ledger_entries" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_unique" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_unique" ON "refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_kind","booking_id");--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminar_bookings" ADD CONSTRAINT "seminar_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminar_bookings" ADD CONSTRAINT "seminar_bookings_seminar_id_seminars_id_fk" FOREIGN KEY ("seminar_id") REFERENCES "public"."seminars"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_refunded_check" CHECK ("consultation_bookings"."refunded_cents" >= 0 and "consultation_bookings"."refunded_cents" <= "consultation_bookings"."amount_cents");--> statement-breakpoint
ALTER TABLE "seminar_bookings" ADD CONSTRAINT "seminar_bookings_refunded_check" CHECK ("seminar_bookings"."refunded_cents" >= 0 and "seminar_bookings"."refunded_cents" <= "seminar_bookings"."amount_cents");--> statement-breakpoint
-- The ledger is append-only, like the activity log: money that moved stays on record.
CREATE FUNCTION "ledger_entries_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger_entries is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_refuse_change"();--> statement-breakpoint
-- A booking whose checkout started or whose payment arrived is never erased: it is cancelled
-- (docs/decisions/015). The database refuses the delete whoever asks.
CREATE FUNCTION "bookings_refuse_erasing_money"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.is_paid OR OLD.paid_at IS NOT NULL
		OR EXISTS (SELECT 1 FROM "checkout_sessions" c WHERE c.booking_id = OLD.id)
		OR EXISTS (SELECT 1 FROM "ledger_entries" l WHERE l.booking_id = OLD.id) THEN
		RAISE EXCEPTION 'booking % has a checkout or a payment on record: cancel it instead of deleting it', OLD.id USING ERRCODE = 'restrict_violation';
	END IF;
	RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "seminar_bookings_keep_money" BEFORE DELETE ON "seminar_bookings" FOR EACH ROW EXECUTE FUNCTION "bookings_refuse_erasing_money"();--> statement-breakpoint
CREATE TRIGGER "consultation_bookings_keep_money" BEFORE DELETE ON "consultation_bookings" FOR EACH ROW EXECUTE FUNCTION "bookings_refuse_erasing_money"();--> statement-breakpoint
-- The ledger starts with every payment already received: through a checkout ...
INSERT INTO "ledger_entries" ("entry_type", "booking_kind", "booking_id", "amount_cents", "currency", "provider", "checkout_session_id", "provider_reference", "actor_name", "occurred_at")
SELECT 'payment', c."booking_kind", c."booking_id", c."amount_cents", c."currency", c."provider", c."id", c."id", 'Visitor', coalesce(c."completed_at", c."updated_at")
FROM "checkout_sessions" c WHERE c."status" = 'paid';--> statement-breakpoint
-- ... or marked paid by staff without one.
INSERT INTO "ledger_entries" ("entry_type", "booking_kind", "booking_id", "amount_cents", "provider", "provider_reference", "reason", "actor_name", "occurred_at")
SELECT 'payment', 'seminar', b."id", b."amount_cents", 'manual', 'recorded:' || b."id", 'Paid before the ledger existed', 'System', coalesce(b."paid_at", b."updated_at")
FROM "seminar_bookings" b
WHERE b."is_paid" AND b."amount_cents" > 0
	AND NOT EXISTS (SELECT 1 FROM "checkout_sessions" c WHERE c."booking_id" = b."id" AND c."status" = 'paid');--> statement-breakpoint
INSERT INTO "ledger_entries" ("entry_type", "booking_kind", "booking_id", "amount_cents", "provider", "provider_reference", "reason", "actor_name", "occurred_at")
SELECT 'payment', 'consultation', b."id", b."amount_cents", 'manual', 'recorded:' || b."id", 'Paid before the ledger existed', 'System', coalesce(b."paid_at", b."updated_at")
FROM "consultation_bookings" b
WHERE b."is_paid" AND b."amount_cents" > 0
	AND NOT EXISTS (SELECT 1 FROM "checkout_sessions" c WHERE c."booking_id" = b."id" AND c."status" = 'paid');--> statement-breakpoint
-- Cancellations already made keep their time.
UPDATE "seminar_bookings" SET "cancelled_at" = "updated_at", "cancelled_by" = 'System' WHERE "status" IN ('cancelled', 'refunded') AND "cancelled_at" IS NULL;--> statement-breakpoint
UPDATE "consultation_bookings" SET "cancelled_at" = "updated_at", "cancelled_by" = 'System' WHERE "status" IN ('cancelled', 'refunded') AND "cancelled_at" IS NULL;
