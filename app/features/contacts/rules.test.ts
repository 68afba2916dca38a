import { describe, expect, it } from "vitest";
import { adminContactSchema, contactDetailsSchema } from "./schema.ts";
import { ANONYMISED_NAME, anonymisedEmail, contactName, isAnonymised } from "./rules.ts";

describe("an anonymised contact", () => {
  const id = "3f2a9c1b-0000-4000-8000-000000000000";

  it("is called 'Deleted contact' wherever a name is shown", () => {
    expect(contactName(ANONYMISED_NAME)).toBe("Deleted contact");
    expect(isAnonymised({ anonymisedAt: new Date() })).toBe(true);
    expect(isAnonymised({ anonymisedAt: null })).toBe(false);
  });

  it("keeps a unique placeholder e-mail that no form accepts, so nobody can type their way to the record", () => {
    expect(anonymisedEmail(id)).toBe(`deleted-${id}@invalid`);
    const visitor = { firstName: "A", lastName: "B", phone: "+27 82 555 0123", email: anonymisedEmail(id) };
    expect(contactDetailsSchema.safeParse(visitor).success).toBe(false);
    expect(adminContactSchema.safeParse(visitor).success).toBe(false);
  });
});
