import { describe, expect, it } from "vitest";
import { attendeeEntry, seminarDeletedEntry, seminarEditedEntry, seminarLogFields } from "./activity-entries.ts";

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

  it("says how many attendees a deletion told, and when some could not be", () => {
    const summary = (told: number, emailed: number) => seminarDeletedEntry(seminar, { told, emailed }).summary;
    expect(summary(0, 0)).toBe('Deleted the seminar "Durban evening"; no attendees needed to be told');
    expect(summary(1, 1)).toBe('Deleted the seminar "Durban evening"; 1 attendee was e-mailed that it is cancelled');
    expect(summary(3, 2)).toBe('Deleted the seminar "Durban evening"; 2 of 3 attendees were e-mailed that it is cancelled');
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
