/** The properties of an e-mail's first attachment, a calendar file, its folded lines joined (RFC 5545). */
export function calendarOf(mail: { attachments: { contentBase64: string }[] }): Record<string, string> {
  const text = Buffer.from(mail.attachments[0]!.contentBase64, "base64").toString("utf8").replace(/\r\n[ \t]/g, "");
  return Object.fromEntries(text.split("\r\n").map((line) => [line.slice(0, line.indexOf(":")).split(";")[0]!, line.slice(line.indexOf(":") + 1)]));
}
