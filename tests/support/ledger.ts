import { randomUUID } from "node:crypto";
import type { Db } from "#db/client.ts";
import { ledgerEntries } from "#db/schema/index.ts";

/**
 * Writes one ledger row straight into the table, as the payment and refund code does: a
 * payment of a new booking unless told otherwise. The ledger is append-only, so a test that
 * needs an empty one uses a fresh database.
 */
export async function insertLedgerEntry(
  db: Db,
  values: Pick<typeof ledgerEntries.$inferInsert, "amountCents" | "occurredAt"> & Partial<typeof ledgerEntries.$inferInsert>,
) {
  const [row] = await db
    .insert(ledgerEntries)
    .values({
      entryType: "payment",
      bookingKind: "seminar",
      bookingId: randomUUID(),
      provider: "test",
      providerReference: `ref_${randomUUID()}`,
      actorName: "Visitor",
      ...values,
    })
    .returning();
  return row!;
}
