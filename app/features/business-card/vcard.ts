// A vCard 3.0 (RFC 2426) for the digital business card: pure, so it is tested on its own.

export type VCardPhone = { label: string; number: string };

export type VCardAddress = {
  label: string;
  street: string;
  locality: string;
  region?: string;
  postalCode: string;
  country: string;
};

export type VCardContact = {
  givenName: string;
  familyName: string;
  organization: string;
  title: string;
  email: string;
  phones: VCardPhone[];
  addresses: VCardAddress[];
  url: string;
  note?: string;
};

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;

/** Escapes a text value: backslash, newline, comma and semicolon (RFC 2426 §4). */
export function escapeVCardText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/,/g, "\\,")
    .replace(/;/g, "\\;");
}

const encoder = new TextEncoder();

/** Folds a content line longer than 75 octets: CRLF and one space, never inside a character. */
export function foldVCardLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** The contact as a vCard 3.0 text with CRLF line ends. */
export function buildVCard(contact: VCardContact): string {
  const fullName = `${contact.givenName} ${contact.familyName}`.trim();
  const lines = [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `N:${escapeVCardText(contact.familyName)};${escapeVCardText(contact.givenName)};;;`,
    `FN:${escapeVCardText(fullName)}`,
    `ORG:${escapeVCardText(contact.organization)}`,
    `TITLE:${escapeVCardText(contact.title)}`,
    `EMAIL;TYPE=INTERNET,WORK,PREF:${escapeVCardText(contact.email)}`,
  ];
  // Grouped items let address books show which office a number or address belongs to.
  let item = 0;
  for (const phone of contact.phones) {
    item += 1;
    lines.push(`item${item}.TEL;TYPE=WORK,VOICE:${escapeVCardText(phone.number)}`);
    lines.push(`item${item}.X-ABLabel:${escapeVCardText(phone.label)}`);
  }
  for (const address of contact.addresses) {
    item += 1;
    const parts = ["", "", address.street, address.locality, address.region ?? "", address.postalCode, address.country];
    lines.push(`item${item}.ADR;TYPE=WORK:${parts.map(escapeVCardText).join(";")}`);
    lines.push(`item${item}.X-ABLabel:${escapeVCardText(address.label)}`);
  }
  lines.push(`URL:${escapeVCardText(contact.url)}`);
  if (contact.note) lines.push(`NOTE:${escapeVCardText(contact.note)}`);
  lines.push("END:VCARD");
  return lines.map(foldVCardLine).join(CRLF) + CRLF;
}
