import { describe, expect, it } from "vitest";
import { buildVCard, escapeVCardText, foldVCardLine, type VCardContact } from "./vcard.ts";

const contact: VCardContact = {
  givenName: "Nomvula",
  familyName: "Mthembu",
  organization: "Thula Relocations",
  title: "Managing Director",
  email: "nomvula@thularelocations.co.uk",
  phones: [
    { label: "London office", number: "+44 20 7946 0321" },
    { label: "Durban office", number: "+27 31 555 0142" },
  ],
  addresses: [
    { label: "London office", street: "2nd Floor, 41 Eastcheap", locality: "London", postalCode: "EC3M 1DT", country: "United Kingdom" },
    {
      label: "Durban office",
      street: "Suite 12, 18 Lighthouse Road, Umhlanga Ridge",
      locality: "Durban",
      region: "KwaZulu-Natal",
      postalCode: "4319",
      country: "South Africa",
    },
  ],
  url: "https://thularelocations.co.uk",
};

/** Undoes line folding (RFC 2425 §5.8.1). */
function unfold(text: string): string[] {
  return text.replace(/\r\n /g, "").split("\r\n");
}

describe("escapeVCardText", () => {
  it("escapes commas, semicolons, backslashes and newlines", () => {
    expect(escapeVCardText("2nd Floor, 41 Eastcheap")).toBe("2nd Floor\\, 41 Eastcheap");
    expect(escapeVCardText("Sales; Support")).toBe("Sales\\; Support");
    expect(escapeVCardText("C:\\docs")).toBe("C:\\\\docs");
    expect(escapeVCardText("line one\nline two\r\nline three")).toBe("line one\\nline two\\nline three");
  });
});

describe("foldVCardLine", () => {
  it("leaves short lines alone and folds long ones at 75 octets with CRLF and a space", () => {
    expect(foldVCardLine("FN:Nomvula Mthembu")).toBe("FN:Nomvula Mthembu");
    const long = `NOTE:${"a".repeat(200)}`;
    const folded = foldVCardLine(long);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
  });

  it("never splits a multi-byte character", () => {
    const long = `NOTE:${"é".repeat(100)}`;
    const folded = foldVCardLine(long);
    expect(folded).not.toContain("\uFFFD");
    expect(folded.replace(/\r\n /g, "")).toBe(long);
  });
});

describe("buildVCard", () => {
  const text = buildVCard(contact);

  it("uses CRLF line ends only", () => {
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("is a vCard 3.0 with the required fields", () => {
    const lines = unfold(text);
    expect(lines[0]).toBe("BEGIN:VCARD");
    expect(lines[1]).toBe("VERSION:3.0");
    expect(lines).toContain("N:Mthembu;Nomvula;;;");
    expect(lines).toContain("FN:Nomvula Mthembu");
    expect(lines).toContain("ORG:Thula Relocations");
    expect(lines).toContain("TITLE:Managing Director");
    expect(lines).toContain("EMAIL;TYPE=INTERNET,WORK,PREF:nomvula@thularelocations.co.uk");
    expect(lines).toContain("URL:https://thularelocations.co.uk");
    expect(lines.at(-2)).toBe("END:VCARD");
  });

  it("lists both offices' phones and addresses, with escaped values", () => {
    const lines = unfold(text);
    expect(lines).toContain("item1.TEL;TYPE=WORK,VOICE:+44 20 7946 0321");
    expect(lines).toContain("item1.X-ABLabel:London office");
    expect(lines).toContain("item2.TEL;TYPE=WORK,VOICE:+27 31 555 0142");
    expect(lines).toContain("item3.ADR;TYPE=WORK:;;2nd Floor\\, 41 Eastcheap;London;;EC3M 1DT;United Kingdom");
    expect(lines).toContain(
      "item4.ADR;TYPE=WORK:;;Suite 12\\, 18 Lighthouse Road\\, Umhlanga Ridge;Durban;KwaZulu-Natal;4319;South Africa",
    );
  });

  it("escapes a note with newlines and semicolons", () => {
    const lines = unfold(buildVCard({ ...contact, note: "Call London; or Durban\nweekdays" }));
    expect(lines).toContain("NOTE:Call London\\; or Durban\\nweekdays");
  });
});
