import { describe, expect, it } from "vitest";
import { fieldLabel } from "./cross-origin-page.tsx";

describe("fieldLabel", () => {
  it("reads a form field's name as words", () => {
    expect(["firstName", "email", "preferredContact", "preferred_time", "notes"].map(fieldLabel)).toEqual(["First name", "Email", "Preferred contact", "Preferred time", "Notes"]);
  });
});
