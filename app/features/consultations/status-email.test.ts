import { describe, expect, it } from "vitest";
import { consultationStatusEmail, type NotifiedStatus } from "./emails.ts";

const facts = {
  bookingId: "3f2a9c1e-8a52-4d43-9a55-5d0b1f0e2b11",
  type: "paid" as const,
  firstName: "Thandi",
  email: "thandi@example.com",
  siteUrl: "https://thula.example/",
  changedAt: new Date("2026-03-11T12:00:00Z"),
};

describe("consultationStatusEmail", () => {
  it.each<[NotifiedStatus, string, string, string]>([
    ["confirmed", "consultation-confirmed", "Your consultation is confirmed", "Your adviser will contact you at the time you agreed"],
    ["completed", "consultation-completed", "Your consultation is complete", "Thank you for your consultation"],
    ["closed", "consultation-closed", "Your consultation request is closed", "closed your consultation request with"],
    ["pending", "consultation-reopened", "Your consultation request is open again", "reopened your consultation request with"],
  ])("%s: says what changed, with the reference, once per change", (status, kind, subject, sentence) => {
    const email = consultationStatusEmail({ ...facts, status });
    expect(email).toMatchObject({ kind, to: "thandi@example.com", subject, dedupeKey: `consultation-status:${facts.bookingId}:${status}:${facts.changedAt.getTime()}` });
    for (const body of [email.text, email.html]) {
      expect(body).toContain("Hi Thandi,");
      expect(body).toContain(sentence);
      expect(body).toContain("3F2A9C1E");
    }
  });

  it("names a free call as an intro call, and escapes markup in the name", () => {
    const email = consultationStatusEmail({ ...facts, type: "free", status: "confirmed", firstName: "<img src=x onerror=alert(1)>" });
    expect(email.subject).toBe("Your intro call is confirmed");
    expect(email.text).toContain("Free intro call, 10 minutes");
    expect(email.html).not.toContain("<img src=x");
  });
});
