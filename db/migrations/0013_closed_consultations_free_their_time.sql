-- A closed consultation frees its consultant's time (docs/decisions/035), as a cancelled or
-- refunded one does: "closed" is a request that ended without a meeting (ADR 012), and a pending
-- slot booking closed by staff kept its hour taken. The rule's one list is CLOSED_STATUSES in
-- app/features/consultations/rules.ts; the constraint names the same three.
ALTER TABLE "consultation_bookings" DROP CONSTRAINT "consultation_bookings_no_overlap";--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_no_overlap" EXCLUDE USING gist (
	"consultant_id" WITH =,
	tstzrange("starts_at", "blocked_until", '[)') WITH &&
) WHERE ("consultant_id" IS NOT NULL AND "status" NOT IN ('closed', 'cancelled', 'refunded'));
