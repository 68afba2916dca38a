import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * Links e-mailed to a customer that act on one record without a password: "manage my booking",
 * "claim the seats offered to you". A link's token is `{id}.{signature}`: the record's id and an
 * HMAC-SHA256 over the link's purpose and that id, under a key derived from the site's auth
 * secret (BETTER_AUTH_SECRET, or the generated one in DATA_DIR), so every instance that shares
 * the secret accepts the others' links, and a token for one purpose opens nothing else.
 * A link carries no state: what it may do is decided by the record it names, read fresh.
 */
export type LinkPurpose = "manage-seminar-booking" | "waitlist-offer" | "manage-consultation";

export type LinkSigner = {
  sign(purpose: LinkPurpose, id: string): string;
  /** The id the token names, or null when it was not made by this site for this purpose. */
  verify(purpose: LinkPurpose, token: string): string | null;
};

const RECORD_ID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const ID_SHAPE = new RegExp(`^${RECORD_ID}$`);
const TOKEN_SHAPE = new RegExp(`^(${RECORD_ID})\\.([A-Za-z0-9_-]{43})$`);

export function createLinkSigner(secret: string): LinkSigner {
  const key = Buffer.from(hkdfSync("sha256", secret, "thula-signed-links", "v1", 32));
  const signature = (purpose: LinkPurpose, id: string) => createHmac("sha256", key).update(`${purpose}\n${id}`).digest();

  return {
    sign(purpose, id) {
      if (!ID_SHAPE.test(id)) throw new Error(`Cannot sign a link for ${JSON.stringify(id)}: not a record id`);
      return `${id}.${signature(purpose, id).toString("base64url")}`;
    },
    verify(purpose, token) {
      const match = TOKEN_SHAPE.exec(token);
      if (!match) return null;
      const [, id, given] = match as unknown as [string, string, string];
      // Compared as text: the last of 43 characters carries two unused bits, so decoding the
      // given text would accept four spellings of one signature; only the one this site writes counts.
      const expected = Buffer.from(signature(purpose, id).toString("base64url"));
      const presented = Buffer.from(given);
      return presented.length === expected.length && timingSafeEqual(presented, expected) ? id : null;
    },
  };
}
