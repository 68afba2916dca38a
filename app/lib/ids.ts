// Record ids: every table's id is a UUID. Browser-safe.

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Could this name a record? Anything that is not a UUID names none (and never reaches PostgreSQL's uuid parser, which would fail the query). */
export function isRecordId(value: unknown): value is string {
  return typeof value === "string" && uuidPattern.test(value);
}

/** The short reference a customer is shown for a booking, e.g. "3F2A9C1B": the first eight characters of its id. */
export function bookingReference(bookingId: string): string {
  return bookingId.slice(0, 8).toUpperCase();
}
