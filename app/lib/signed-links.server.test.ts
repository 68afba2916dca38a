import { describe, expect, it } from "vitest";
import { createLinkSigner } from "./signed-links.server.ts";

const id = "5b1f2c9e-3d4a-4b6c-8e7f-0a1b2c3d4e5f";
const other = "0f9e8d7c-6b5a-4c3d-9e1f-a0b1c2d3e4f5";

describe("signed links", () => {
  const signer = createLinkSigner("a secret long enough for the tests, 32+ characters");

  it("gives back the id it signed, for the purpose it was signed for", () => {
    const token = signer.sign("manage-seminar-booking", id);
    expect(token).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(signer.verify("manage-seminar-booking", token)).toBe(id);
  });

  it("refuses a token for another purpose, another id, another secret, or a changed signature", () => {
    const token = signer.sign("manage-seminar-booking", id);
    expect(signer.verify("waitlist-offer", token)).toBeNull();
    expect(signer.verify("manage-seminar-booking", token.replace(id, other))).toBeNull();
    expect(createLinkSigner("another secret, also long enough for the tests").verify("manage-seminar-booking", token)).toBeNull();
    // Every other spelling of the last character, including those that differ only in its two
    // unused bits (which decode to the same bytes), is refused.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (const last of alphabet.replace(token.at(-1)!, "")) {
      expect(signer.verify("manage-seminar-booking", `${token.slice(0, -1)}${last}`)).toBeNull();
    }
  });

  it("refuses anything not shaped like a token without computing a signature", () => {
    for (const junk of ["", id, `${id}.`, `${id}.short`, `not-an-id.${"A".repeat(43)}`, `${id}.${"A".repeat(43)}x`]) {
      expect(signer.verify("manage-seminar-booking", junk)).toBeNull();
    }
  });

  it("signs only record ids", () => {
    expect(() => signer.sign("manage-seminar-booking", "../admin")).toThrow(/not a record id/);
  });
});
