import { createHash, timingSafeEqual } from "node:crypto";

// PayFast's signatures (docs/decisions/028): an MD5, in lower-case hex, of `key=value` pairs
// joined by "&", each value URL-encoded as PHP's urlencode does it (spaces as "+", upper-case
// percent escapes, everything but letters, digits and "-_." escaped), with the passphrase
// appended as `passphrase=…`. What differs between uses is which pairs, in which order.

/** PHP's urlencode, which PayFast's own code uses: encodeURIComponent leaves !'()*~ alone and writes spaces as %20. */
export function payfastEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

/** The checkout form's fields in the order PayFast's documentation lists them: its signature is over this order. */
export const checkoutFieldOrder = [
  "merchant_id",
  "merchant_key",
  "return_url",
  "cancel_url",
  "notify_url",
  "name_first",
  "name_last",
  "email_address",
  "cell_number",
  "m_payment_id",
  "amount",
  "item_name",
  "item_description",
  "custom_int1",
  "custom_int2",
  "custom_int3",
  "custom_int4",
  "custom_int5",
  "custom_str1",
  "custom_str2",
  "custom_str3",
  "custom_str4",
  "custom_str5",
  "email_confirmation",
  "confirmation_address",
  "payment_method",
] as const;

export type CheckoutField = (typeof checkoutFieldOrder)[number];

const md5 = (text: string) => createHash("md5").update(text, "utf8").digest("hex");

/** `key=value&…` over the pairs as given, empty values left out, with the passphrase last when there is one. */
export function signatureBase(pairs: ReadonlyArray<readonly [string, string]>, passphrase: string | undefined): string {
  const parts = pairs.filter(([, value]) => value !== "").map(([key, value]) => `${key}=${payfastEncode(value.trim())}`);
  if (passphrase) parts.push(`passphrase=${payfastEncode(passphrase.trim())}`);
  return parts.join("&");
}

/** The checkout form's fields in PayFast's order, empty ones dropped. */
export function orderedCheckoutFields(fields: Partial<Record<CheckoutField, string>>): Array<[CheckoutField, string]> {
  return checkoutFieldOrder.flatMap((key) => (fields[key] !== undefined && fields[key] !== "" ? [[key, fields[key]!.trim()] as [CheckoutField, string]] : []));
}

/** The signature the checkout form carries. */
export function checkoutSignature(fields: Partial<Record<CheckoutField, string>>, passphrase: string | undefined): string {
  return md5(signatureBase(orderedCheckoutFields(fields), passphrase));
}

/**
 * The posted pairs that are signed (and sent back for validation): every field in the order
 * PayFast posted them, empty ones included and untrimmed, up to the signature. The order
 * matters, so the raw body is read, never a parsed object.
 */
export function notificationParamString(pairs: ReadonlyArray<readonly [string, string]>): string {
  const signed: string[] = [];
  for (const [key, value] of pairs) {
    if (key === "signature") break;
    signed.push(`${key}=${payfastEncode(value)}`);
  }
  return signed.join("&");
}

/** A notification's (ITN's) signature: its param string with the passphrase appended. */
export function notificationSignature(pairs: ReadonlyArray<readonly [string, string]>, passphrase: string | undefined): string {
  const base = notificationParamString(pairs);
  return md5(passphrase ? `${base}&passphrase=${payfastEncode(passphrase.trim())}` : base);
}

/**
 * The API's signature (refunds): the headers merchant-id, version and timestamp, the query's and
 * the JSON body's fields and the passphrase, sorted by name, values encoded as above (untrimmed).
 */
export function apiSignature(values: Record<string, string>, passphrase: string): string {
  const all: Record<string, string> = { ...values, passphrase };
  const pairs = Object.keys(all)
    .sort()
    .map((key) => [key, all[key]!] as const);
  return md5(pairs.map(([key, value]) => `${key}=${payfastEncode(value)}`).join("&"));
}

/** Two signatures the same, compared in constant time; a different length is simply unequal. */
export function sameSignature(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A urlencoded body's pairs in the order sent (URLSearchParams keeps order and decodes "+" as a space). */
export function postedPairs(body: string): Array<[string, string]> {
  return [...new URLSearchParams(body)];
}
