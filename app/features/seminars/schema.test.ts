import { describe, expect, it } from "vitest";
import { checkValues } from "~/lib/field-errors.ts";
import { seminarBookingFormSchema } from "./schema.ts";

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
