import { describe, expect, it } from "vitest";
import { formValues } from "./forms.server.ts";

describe("formValues", () => {
  it("keeps what was typed to refill a form, but never a password", () => {
    const form = new FormData();
    form.set("intent", "change-password");
    form.set("name", "Thandi");
    form.set("currentPassword", "the old passphrase");
    form.set("newPassword", "the new passphrase");
    form.set("password", "a sign-in passphrase");
    expect(formValues(form)).toEqual({ name: "Thandi" });
  });
});
