import { describe, expect, it } from "vitest";
import { contactDetailsSchema } from "./schema.ts";

const valid = { firstName: "Thandi", lastName: "Nkosi", email: "thandi@example.co.za", phone: "+27 82 555 0123" };

describe("contactDetailsSchema", () => {
  it("accepts a normal contact and defaults to e-mail", () => {
    expect(contactDetailsSchema.parse(valid)).toEqual({ ...valid, preferredContact: "email" });
  });

  it("does not take invisible characters for a name", () => {
    const result = contactDetailsSchema.safeParse({ ...valid, firstName: "\u200b\u200d " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Please enter your first name.");
  });

  it("explains a bad e-mail address and phone number", () => {
    const result = contactDetailsSchema.safeParse({ ...valid, email: "not-an-email", phone: "call me" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Please enter a valid e-mail address, like name@example.com.",
      "Please enter a phone number using digits, spaces and an optional +, like +27 82 555 0123.",
    ]);
  });
});
