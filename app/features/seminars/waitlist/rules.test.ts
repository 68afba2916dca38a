import { describe, expect, it } from "vitest";
import { entriesToOffer, offerExpiry } from "./rules.ts";
import { claimNames, waitlistJoinFormSchema } from "./schema.ts";

describe("the waitlist's rules", () => {
  it("offers the first entries that fit, passing over one that wants more than is left", () => {
    const line = [{ id: "a", seats: 3 }, { id: "b", seats: 1 }, { id: "c", seats: 2 }, { id: "d", seats: 1 }];
    expect(entriesToOffer(line, 2).map((entry) => entry.id)).toEqual(["b", "d"]);
    expect(entriesToOffer(line, 3).map((entry) => entry.id)).toEqual(["a"]);
    expect(entriesToOffer(line, 0)).toEqual([]);
  });

  it("an offer lasts its hours, never past the seminar's start", () => {
    const now = new Date("2026-12-01T10:00:00Z");
    expect(offerExpiry(now, 24, new Date("2026-12-10T16:00:00Z")).toISOString()).toBe("2026-12-02T10:00:00.000Z");
    expect(offerExpiry(now, 24, new Date("2026-12-01T16:00:00Z")).toISOString()).toBe("2026-12-01T16:00:00.000Z");
  });

  it("takes one name per seat offered, seat 1 defaulting to the holder", () => {
    expect(claimNames({ ticketName2: "Sipho" }, 2, "Thandi Nkosi")).toEqual({ ok: true, names: ["Thandi Nkosi", "Sipho"] });
    expect(claimNames({}, 2, "Thandi Nkosi")).toEqual({ ok: false, fieldErrors: { ticketName2: ["Please enter the name on the ticket for seat 2."] } });
    expect(claimNames({ ticketName3: "Extra" }, 2, "T N")).toMatchObject({ ok: false, fieldErrors: { ticketName2: expect.any(Array), ticketName3: [expect.stringContaining("leave seat 3's name empty")] } });
  });

  it("the join form asks for name, e-mail, phone and 1 to 6 seats", () => {
    const ok = waitlistJoinFormSchema.safeParse({ firstName: "A", lastName: "B", email: "a@example.com", phone: "+27 82 555 0123", seats: "2" });
    expect(ok.success && ok.data.seats).toBe(2);
    const bad = waitlistJoinFormSchema.safeParse({ firstName: "", lastName: "B", email: "nope", phone: "x", seats: "7" });
    expect(bad.success).toBe(false);
    expect(Object.keys(bad.error!.flatten().fieldErrors).sort()).toEqual(["email", "firstName", "phone", "seats"]);
  });
});
