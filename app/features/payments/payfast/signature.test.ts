import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { centsToDecimal, decimalToCents } from "~/lib/format.ts";
import { apiSignature, checkoutSignature, notificationParamString, notificationSignature, payfastEncode, signatureBase } from "./signature.ts";

const md5 = (text: string) => createHash("md5").update(text).digest("hex");

describe("PayFast's signatures", () => {
  it("encodes as PHP's urlencode: spaces as +, upper-case escapes, and !'()*~ escaped too", () => {
    expect(payfastEncode("Moving to the UK: Durban (1) — R750.50 ~ it's *on*!")).toBe(
      "Moving+to+the+UK%3A+Durban+%281%29+%E2%80%94+R750.50+%7E+it%27s+%2Aon%2A%21",
    );
    expect(payfastEncode("https://thula.example/payment-success?session_id=pf_1")).toBe("https%3A%2F%2Fthula.example%2Fpayment-success%3Fsession_id%3Dpf_1");
    expect(payfastEncode("a-b_c.d")).toBe("a-b_c.d");
  });

  it("signs the checkout form in PayFast's documented order, whatever order it is given in, leaving empty fields out, passphrase last", () => {
    const fields = { amount: "100.00", item_name: "Seat one", merchant_key: "46f0cd694581a", merchant_id: "10000100", name_last: "", m_payment_id: "pf_1" };
    const base = "merchant_id=10000100&merchant_key=46f0cd694581a&m_payment_id=pf_1&amount=100.00&item_name=Seat+one&passphrase=jt7NOE43FZPn";
    expect(signatureBase([["merchant_id", "10000100"], ["merchant_key", "46f0cd694581a"], ["m_payment_id", "pf_1"], ["amount", "100.00"], ["item_name", "Seat one"]], "jt7NOE43FZPn")).toBe(base);
    expect(checkoutSignature(fields, "jt7NOE43FZPn")).toBe(md5(base));
    expect(checkoutSignature(fields, "other")).not.toBe(md5(base));
  });

  it("signs a notification over its fields as posted, empty ones included, up to the signature", () => {
    const posted: Array<[string, string]> = [
      ["m_payment_id", "pf_1"],
      ["pf_payment_id", "1089250"],
      ["custom_str3", ""],
      ["amount_gross", "100.00"],
      ["signature", "ignored"],
      ["after", "not signed"],
    ];
    expect(notificationParamString(posted)).toBe("m_payment_id=pf_1&pf_payment_id=1089250&custom_str3=&amount_gross=100.00");
    expect(notificationSignature(posted, "jt7NOE43FZPn")).toBe(md5("m_payment_id=pf_1&pf_payment_id=1089250&custom_str3=&amount_gross=100.00&passphrase=jt7NOE43FZPn"));
    // Reordered fields are another signature: the order PayFast posted is the one signed.
    expect(notificationSignature([posted[1]!, posted[0]!, posted[2]!, posted[3]!], "jt7NOE43FZPn")).not.toBe(notificationSignature(posted, "jt7NOE43FZPn"));
  });

  it("signs API calls over headers, body and passphrase sorted by name", () => {
    const signed = apiSignature({ version: "v1", "merchant-id": "10000100", timestamp: "2026-11-27T10:00:00+02:00", amount: "5000", reason: "Cannot attend" }, "jt7NOE43FZPn");
    expect(signed).toBe(md5("amount=5000&merchant-id=10000100&passphrase=jt7NOE43FZPn&reason=Cannot+attend&timestamp=2026-11-27T10%3A00%3A00%2B02%3A00&version=v1"));
  });

  it("writes and reads amounts in rand with two decimals, with the site's own money text (app/lib/format.ts)", () => {
    expect(centsToDecimal(75050)).toBe("750.50");
    expect(centsToDecimal(100)).toBe("1.00");
    expect(decimalToCents("750.50")).toBe(75050);
    expect(decimalToCents("750.5")).toBe(75050);
    expect(decimalToCents("750")).toBe(75000);
    // A payment's amount is never negative: a minus sign is not an amount PayFast pays.
    expect(decimalToCents("-12.30")).toBeUndefined();
    expect(decimalToCents("7e2")).toBeUndefined();
    expect(decimalToCents("")).toBeUndefined();
  });
});
