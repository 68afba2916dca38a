import { describe, expect, it } from "vitest";
import { seminarInvitation, type SeminarInvitation } from "./ics.ts";

const invitation: SeminarInvitation = {
  uid: "seminar-booking-3f2a9c1e-0000-4000-8000-000000000001@thularelocations.co.uk",
  title: "Moving to the UK: Durban seminar",
  description: "Your seat at the seminar; booking reference 3F2A9C1E.",
  seminarDate: "2026-12-05",
  seminarTime: "18:00:00",
  durationMinutes: 150,
  venueName: "The Oyster Box",
  address: "2 Lighthouse Road, Umhlanga",
  city: "Durban",
  organizerEmail: "hello@thularelocations.co.uk",
  attendeeEmail: "thandi@example.com",
  attendeeName: "Thandi Nkosi",
  url: "https://thula.example/events",
  createdAt: new Date("2026-11-20T08:15:00Z"),
};

/** The content lines of an iCalendar file, folded lines joined back together. */
function contentLines(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, "").split("\r\n").filter(Boolean);
}

function property(ics: string, name: string): string | undefined {
  const line = contentLines(ics).find((entry) => entry.startsWith(`${name}:`) || entry.startsWith(`${name};`));
  return line?.slice(line.indexOf(":") + 1);
}

describe("seminarInvitation", () => {
  const ics = seminarInvitation(invitation);

  it("uses CRLF line endings only", () => {
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
  });

  it("is one published VEVENT in a VCALENDAR", () => {
    const lines = contentLines(ics);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
    expect(lines).toContain("METHOD:PUBLISH");
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
  });

  it("starts at 18:00 South African time and lasts 2.5 hours, written in UTC", () => {
    expect(property(ics, "DTSTART")).toBe("20261205T160000Z");
    expect(property(ics, "DTEND")).toBe("20261205T183000Z");
    expect(property(ics, "DTSTAMP")).toBe("20261120T081500Z");
  });

  it("names the seminar, the venue and the stable UID", () => {
    expect(property(ics, "SUMMARY")).toBe("Moving to the UK: Durban seminar");
    expect(property(ics, "LOCATION")).toBe("The Oyster Box\\, 2 Lighthouse Road\\, Umhlanga\\, Durban");
    expect(property(ics, "UID")).toBe(invitation.uid);
  });

  it("names the city once when the address already ends with it", () => {
    const located = seminarInvitation({ ...invitation, address: "12 Lagoon Drive, Umhlanga Rocks, Durban, 4319" });
    expect(property(located, "LOCATION")).toBe("The Oyster Box\\, 12 Lagoon Drive\\, Umhlanga Rocks\\, Durban\\, 4319");
  });

  it("keeps the organizer and the description", () => {
    expect(property(ics, "DESCRIPTION")).toBe("Your seat at the seminar\\; booking reference 3F2A9C1E.");
    expect(property(ics, "ORGANIZER")).toBe("MAILTO:hello@thularelocations.co.uk");
    expect(property(ics, "ATTENDEE")).toMatch(/thandi@example\.com$/i);
  });

  it("gives the same event for the same booking", () => {
    expect(seminarInvitation(invitation)).toBe(ics);
  });

  it("accepts a time without seconds", () => {
    expect(property(seminarInvitation({ ...invitation, seminarTime: "09:30" }), "DTSTART")).toBe("20261205T073000Z");
  });
});
