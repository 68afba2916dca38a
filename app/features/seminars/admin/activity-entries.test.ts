import { describe, expect, it } from "vitest";
import { attendeeEntry, bookingCancelledEntry, seminarCancelledEntry, seminarDeletedEntry, seminarEditedEntry, seminarHiddenEntry, seminarLogFields } from "./activity-entries.ts";

const seminar = {
  id: "3f2a9c1b-0000-4000-8000-000000000000",
  title: "Durban evening",
  organizerName: "Thula Relocations",
  description: "Moving to the UK.",
  city: "Durban",
  venueName: "The Oyster Box",
  address: "2 Lighthouse Road, Umhlanga",
  location: "The Oyster Box, Durban",
  seminarDate: "2030-03-01",
  seminarTime: "18:00:00",
  priceCents: 120000,
  maxAttendees: 30,
  isActive: true,
};

describe("the seminar screens' activity entries", () => {
  it("records a seminar's fields in the form's words: the time as typed, the price in rand", () => {
    expect(seminarLogFields(seminar)).toMatchObject({ time: "18:00", price: "R1200.00", venue: "The Oyster Box", active: true });
  });

  it("compares the column's time with the form's, so an untouched time is no change", () => {
    expect(seminarEditedEntry(seminar, { ...seminar, seminarTime: "18:00" })).toMatchObject({ summary: 'Saved the seminar "Durban evening" without changes', changes: undefined });
    expect(seminarEditedEntry(seminar, { ...seminar, priceCents: 99950 }).changes).toEqual({ price: { before: "R1200.00", after: "R999.50" } });
  });

  it("deletes only a seminar without bookings, and says so", () => {
    expect(seminarDeletedEntry(seminar).summary).toBe('Deleted the seminar "Durban evening"; it had no bookings');
  });

  it("says what cancelling a seminar did to its bookings, without the reason", () => {
    const summary = (cancelled: number, emailed: number, refundsDue: number) => seminarCancelledEntry(seminar, { cancelled, emailed, refundsDue }).summary;
    expect(summary(0, 0, 0)).toBe('Cancelled the seminar "Durban evening"; it had no live bookings; no refunds due');
    expect(summary(1, 1, 1)).toBe('Cancelled the seminar "Durban evening"; 1 live booking was cancelled and its attendee e-mailed; 1 refund due');
    expect(summary(3, 3, 2)).toBe('Cancelled the seminar "Durban evening"; 3 live bookings were cancelled and all their attendees e-mailed; 2 refunds due');
    expect(summary(3, 2, 0)).toBe('Cancelled the seminar "Durban evening"; 3 live bookings were cancelled and 2 of 3 attendees e-mailed; no refunds due');
    expect(seminarCancelledEntry(seminar, { cancelled: 1, emailed: 1, refundsDue: 0 })).toMatchObject({ action: "seminar.cancel", entityType: "seminar", entityId: seminar.id });
    expect(seminarHiddenEntry(seminar, 2).summary).toBe('Hid the seminar "Durban evening" from the site and kept its 2 live bookings');
  });

  it("says what happens to a cancelled booking's money, by reference", () => {
    const entry = (isPaid: boolean, refundDue: boolean, emailed = true) => bookingCancelledEntry({ id: seminar.id, isPaid, refundDue }, seminar, { emailed }).summary;
    expect(entry(true, true)).toBe('Cancelled booking 3F2A9C1B of "Durban evening"; refund due');
    expect(entry(true, false)).toBe('Cancelled booking 3F2A9C1B of "Durban evening"; no refund (waived)');
    expect(entry(false, false, false)).toBe('Cancelled booking 3F2A9C1B of "Durban evening"; nothing was paid; the e-mail could not be queued');
  });

  it("names a booking by its reference", () => {
    expect(attendeeEntry("add", seminar.id, seminar)).toEqual({
      action: "seminar_booking.add",
      entityType: "seminar_booking",
      entityId: seminar.id,
      summary: 'Added booking 3F2A9C1B to "Durban evening"',
    });
  });
});
