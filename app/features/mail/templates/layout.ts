import { brand, offices } from "~/content/site.ts";

// The one e-mail layout: table-based HTML with inline styles (what mail clients render
// reliably) and a plain-text twin with the same content.

export type EmailSection = { heading: string; items: string[] };

/** A ticket shown in an e-mail: its QR code as an inline image (a `cid:` attachment of the same e-mail) and its page. */
export type EmailTicket = { heading: string; imageCid: string; imageAlt: string; link: { label: string; url: string } };

export type EmailContent = {
  /** The grey line inboxes show after the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  details?: Array<[label: string, value: string]>;
  /** Short lists after the details, e.g. "What to bring". */
  sections?: EmailSection[];
  /** Tickets after the details, each with its QR code. */
  tickets?: EmailTicket[];
  /** Plain links after the tickets, e.g. each ticket's page in a reminder. */
  links?: Array<{ label: string; url: string }>;
  cta?: { label: string; url: string };
  /** Why the reader received this e-mail. */
  footerNote?: string;
};

const NAVY = "#0f2140";
const GOLD = "#f2b01e";
const INK = "#1f2937";
const MUTED = "#4a6590";
const PAGE = "#f2f5fa";
const RULE = "#e1e8f3";
const FONT = "Arial, Helvetica, sans-serif";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Only web links become buttons; anything else (javascript:, data:) is refused. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Error(`Refusing a non-web link in an e-mail: ${parsed.protocol}`);
  return parsed.toString();
}

const signOff = ["Warm regards,", `The ${brand.name} team`];

function footerLines(): string[] {
  return [brand.email, ...offices.map((office) => `${office.name}: ${office.phone}`)];
}

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const cta = content.cta ? { label: content.cta.label, url: safeUrl(content.cta.url) } : undefined;
  return { html: renderHtml(content, cta), text: renderText(content, cta) };
}

function renderText(content: EmailContent, cta: EmailContent["cta"]): string {
  const blocks: string[] = [brand.name.toUpperCase(), content.heading, ...content.paragraphs];
  if (content.details?.length) blocks.push(content.details.map(([label, value]) => `${label}: ${value}`).join("\n"));
  for (const ticket of content.tickets ?? []) blocks.push(`${ticket.heading}\n${ticket.link.label}: ${safeUrl(ticket.link.url)}`);
  if (content.links?.length) blocks.push(content.links.map((link) => `${link.label}: ${safeUrl(link.url)}`).join("\n"));
  for (const section of content.sections ?? []) {
    blocks.push([section.heading, ...section.items.map((item) => `- ${item}`)].join("\n"));
  }
  if (cta) blocks.push(`${cta.label}: ${cta.url}`);
  blocks.push(signOff.join("\n"));
  const footer = [content.footerNote, `${brand.name} · ${footerLines().join(" · ")}`].filter(Boolean);
  blocks.push(`--\n${footer.join("\n")}`);
  return `${blocks.join("\n\n")}\n`;
}

const paragraphStyle = `margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:24px;color:${INK};`;

function renderDetails(details: Array<[string, string]>): string {
  const rows = details
    .map(
      ([label, value]) =>
        `<tr><td style="padding:8px 12px 8px 0;font-family:${FONT};font-size:14px;line-height:20px;color:${MUTED};vertical-align:top;white-space:nowrap;border-bottom:1px solid ${RULE};">${escapeHtml(label)}</td>` +
        `<td style="padding:8px 0;font-family:${FONT};font-size:15px;line-height:20px;color:${INK};font-weight:bold;vertical-align:top;border-bottom:1px solid ${RULE};">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;border-collapse:collapse;border-top:3px solid ${GOLD};">${rows}</table>`;
}

function renderSection(section: EmailSection): string {
  const items = section.items.map((item) => `<li style="margin:0 0 8px;">${escapeHtml(item)}</li>`).join("");
  return (
    `<h2 style="margin:0 0 8px;font-family:${FONT};font-size:18px;line-height:24px;color:${NAVY};">${escapeHtml(section.heading)}</h2>` +
    `<ul style="margin:0 0 20px;padding:0 0 0 20px;font-family:${FONT};font-size:16px;line-height:24px;color:${INK};">${items}</ul>`
  );
}

function renderTicket(ticket: EmailTicket): string {
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border:1px solid ${RULE};border-radius:8px;"><tr>` +
    `<td style="padding:16px;vertical-align:top;font-family:${FONT};">` +
    `<h2 style="margin:0 0 8px;font-size:18px;line-height:24px;color:${NAVY};">${escapeHtml(ticket.heading)}</h2>` +
    `<img src="cid:${escapeHtml(ticket.imageCid)}" alt="${escapeHtml(ticket.imageAlt)}" width="200" height="200" style="display:block;width:200px;height:200px;border:0;margin:0 0 8px;">` +
    `<a href="${escapeHtml(safeUrl(ticket.link.url))}" style="font-size:15px;line-height:20px;color:${NAVY};">${escapeHtml(ticket.link.label)}</a>` +
    `</td></tr></table>`
  );
}

function renderLinks(links: Array<{ label: string; url: string }>): string {
  const items = links.map((link) => `<li style="margin:0 0 8px;"><a href="${escapeHtml(safeUrl(link.url))}" style="color:${NAVY};">${escapeHtml(link.label)}</a></li>`).join("");
  return `<ul style="margin:0 0 20px;padding:0 0 0 20px;font-family:${FONT};font-size:16px;line-height:24px;color:${INK};">${items}</ul>`;
}

function renderButton(cta: { label: string; url: string }): string {
  const href = escapeHtml(cta.url);
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr>` +
    `<td style="border-radius:6px;background-color:${GOLD};">` +
    `<a href="${href}" style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;font-weight:bold;line-height:20px;color:${NAVY};text-decoration:none;border-radius:6px;">${escapeHtml(cta.label)}</a>` +
    `</td></tr></table>`
  );
}

function renderHtml(content: EmailContent, cta: EmailContent["cta"]): string {
  const body = [
    `<h1 style="margin:0 0 20px;font-family:${FONT};font-size:24px;line-height:32px;color:${NAVY};">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((paragraph) => `<p style="${paragraphStyle}">${escapeHtml(paragraph)}</p>`),
    content.details?.length ? renderDetails(content.details) : "",
    ...(content.tickets ?? []).map(renderTicket),
    content.links?.length ? renderLinks(content.links) : "",
    ...(content.sections ?? []).map(renderSection),
    cta ? renderButton(cta) : "",
    `<p style="${paragraphStyle}margin-bottom:0;">${signOff.map(escapeHtml).join("<br>")}</p>`,
  ].join("\n");
  const footer = [
    content.footerNote ? `<p style="margin:0 0 8px;">${escapeHtml(content.footerNote)}</p>` : "",
    `<p style="margin:0;">${escapeHtml(brand.name)} · <a href="mailto:${escapeHtml(brand.email)}" style="color:${MUTED};">${escapeHtml(brand.email)}</a><br>` +
      offices.map((office) => `${escapeHtml(office.name)}: ${escapeHtml(office.phone)}`).join(" · ") +
      `</p>`,
  ].join("");

  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>${escapeHtml(content.heading)}</title>
</head>
<body style="margin:0;padding:0;background-color:${PAGE};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${PAGE};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border-radius:8px;overflow:hidden;">
<tr><td style="background-color:${NAVY};padding:20px 28px;font-family:${FONT};font-size:22px;font-weight:bold;line-height:28px;color:#ffffff;">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:28px;">
${body}
</td></tr>
<tr><td style="padding:20px 28px;background-color:${PAGE};font-family:${FONT};font-size:13px;line-height:20px;color:${MUTED};">${footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
