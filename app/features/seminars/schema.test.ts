import { describe, expect, it } from "vitest";
import { checkValues } from "~/lib/field-errors.ts";
import { renameFormSchema } from "./manage/schema.ts";
import { seminarBookingFormSchema } from "./schema.ts";
import { claimNames, offerClaimFormSchema } from "./waitlist/schema.ts";

const booker = { firstName: "Thandi", lastName: "Nkosi", email: "thandi@example.co.za", phone: "+27 82 555 0123", preferredContact: "email" };

describe("the seminar booking form's seats and names", () => {
  it("books one seat in the booker's name by default", () => {
    const checked = checkValues(seminarBookingFormSchema, booker);
    expect(checked).toMatchObject({ ok: true, data: { seats: 1, attendeeNames: ["Thandi Nkosi"] } });
  });

  it("takes one name per seat, the first the booker's when left empty", () => {
    const checked = checkValues(seminarBookingFormSchema, { ...booker, seats: "3", ticketName1: "", ticketName2: " Sipho Nkosi ", ticketName3: "Lindi Nkosi", ticketName4: "" });
    expect(checked).toMatchObject({ ok: true, data: { seats: 3, attendeeNames: ["Thandi Nkosi", "Sipho Nkosi", "Lindi Nkosi"] } });
  });

  it("asks for each missing name, and refuses a name beyond the seats chosen", () => {
    const checked = checkValues(seminarBookingFormSchema, { ...booker, seats: "2", ticketName2: "", ticketName3: "Extra Person" });
    expect(checked).toEqual({
      ok: false,
      fieldErrors: {
        ticketName2: ["Please enter the name on the ticket for seat 2."],
        ticketName3: ["You chose 2 seats: leave seat 3's name empty, or choose more seats."],
      },
    });
  });

  it("refuses fewer than 1 or more than 6 seats, or a number that is not one", () => {
    for (const seats of ["0", "7", "2.5", "two", ""]) {
      expect(checkValues(seminarBookingFormSchema, { ...booker, seats })).toEqual({ ok: false, fieldErrors: { seats: ["Please choose from 1 to 6 seats."] } });
    }
  });
});

describe("a name on a ticket, on every form that takes one", () => {
  const invisible = "\u200B\u200D";

  it("is refused on the manage page when it is only invisible characters, and kept visible-only when saved", () => {
    const refused = checkValues(renameFormSchema(2), { version: "3", name1: "Thandi Nkosi", name2: invisible });
    expect(refused).toMatchObject({ ok: false, fieldErrors: { name2: ["Please enter a name for every seat."] } });
    const saved = checkValues(renameFormSchema(1), { version: "3", name1: `Sipho${invisible} Nkosi` });
    expect(saved).toMatchObject({ ok: true, data: { name1: "Sipho Nkosi" } });
  });

  it("counts as no name on a waitlist offer's claim, so a seat beyond the first still asks for one", () => {
    const checked = checkValues(offerClaimFormSchema, { ticketName1: "", ticketName2: invisible });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(claimNames(checked.data, 2, "Thandi Nkosi")).toEqual({ ok: false, fieldErrors: { ticketName2: ["Please enter the name on the ticket for seat 2."] } });
  });
});
