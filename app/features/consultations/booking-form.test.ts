import { describe, expect, it } from "vitest";
import { consultationFieldErrors, consultationTypeForPath, orderedFieldErrors, packageInterestNote } from "./booking-form.ts";

describe("consultationTypeForPath", () => {
  it("tells the free call from the paid consultation by the address alone", () => {
    expect(consultationTypeForPath("/consultations/book-free")).toBe("free");
    expect(consultationTypeForPath("/consultations/book-free/")).toBe("free");
    expect(consultationTypeForPath("/consultations/book")).toBe("paid");
    expect(consultationTypeForPath("/consultations/book/")).toBe("paid");
    expect(consultationTypeForPath("/consultations/book-free-not")).toBe("paid");
  });
});

describe("packageInterestNote", () => {
  it("prefills the notes for the three packages and ignores anything else", () => {
    expect(packageInterestNote("essentials")).toBe("I'm interested in the Essentials package.");
    expect(packageInterestNote("prepared")).toBe("I'm interested in the Prepared package.");
    expect(packageInterestNote("premium")).toBe("I'm interested in the Premium package.");
    for (const unknown of ["gold", "", null, undefined, "<script>", "Prepared"]) expect(packageInterestNote(unknown)).toBeUndefined();
  });
});

describe("consultationFieldErrors (the browser's check, with the server's schema)", () => {
  it("is empty for a complete form, with the defaults for contact and time", () => {
    expect(consultationFieldErrors({ firstName: "Thandi", lastName: "Nkosi", email: "thandi@example.co.za", phone: "+27 82 555 0123" })).toEqual({});
  });

  it("names every missing required field with the server's messages", () => {
    expect(consultationFieldErrors({ firstName: " ", lastName: "", email: "", phone: "", address: "", notes: "" })).toEqual({
      firstName: ["Please enter your first name."],
      lastName: ["Please enter your last name."],
      email: ["Please enter your e-mail address."],
      phone: ["Please enter your phone number."],
    });
  });
});

describe("orderedFieldErrors", () => {
  it("lists the first message of each field in the order of the form", () => {
    expect(
      orderedFieldErrors({ preferredTime: ["Pick a time"], phone: ["No phone", "second"], firstName: ["No name"], form: ["Odd"], email: [], notes: undefined }),
    ).toEqual([
      { field: "firstName", message: "No name" },
      { field: "phone", message: "No phone" },
      { field: "preferredTime", message: "Pick a time" },
      { field: "form", message: "Odd" },
    ]);
  });
});
