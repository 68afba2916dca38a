import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP server on 127.0.0.1 for tests: records what arrives, or refuses on demand.

export type ReceivedPart = { headers: Map<string, string>; contentType: string; body: Buffer; parts: ReceivedPart[] };
export type ReceivedMessage = { envelopeTo: string[]; subject: string; text: string; html: string; attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
  /** Parts shown inside the HTML (`cid:`), by their Content-ID without the angle brackets. */
  inlineImages: Array<{ contentId: string; contentType: string; content: Buffer }>;
};

export type SmtpRecorder = {
  url: string;
  received: ReceivedMessage[];
  /** "recipient": 550 at RCPT TO; "data": 451 after the message body. */
  refuse: "recipient" | "data" | undefined;
  /** Milliseconds to wait before accepting each message (lets concurrent workers overlap). */
  delayMs: number;
  close(): Promise<void>;
};

export async function startSmtpRecorder(): Promise<SmtpRecorder> {
  const recorder: SmtpRecorder = { url: "", received: [], refuse: undefined, delayMs: 0, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (recorder.refuse === "recipient") {
        const error = Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        setTimeout(() => {
          if (recorder.refuse === "data") {
            callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
            return;
          }
          const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          recorder.received.push(readMessage(Buffer.concat(chunks).toString("latin1"), envelopeTo));
          callback();
        }, recorder.delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  recorder.url = `smtp://127.0.0.1:${port}`;
  recorder.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return recorder;
}

function parsePart(raw: string): ReceivedPart {
  const split = raw.indexOf("\r\n\r\n");
  const head = split === -1 ? raw : raw.slice(0, split);
  const rawBody = split === -1 ? "" : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const contentType = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith("multipart/") && boundary) {
    const sections = rawBody.split(`--${boundary}`).slice(1);
    const parts = sections.filter((section) => !section.startsWith("--")).map((section) => parsePart(section.replace(/^\r\n/, "").replace(/\r\n$/, "")));
    return { headers, contentType, body: Buffer.alloc(0), parts };
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  let body: Buffer;
  if (encoding === "base64") body = Buffer.from(rawBody.replace(/\s+/g, ""), "base64");
  else if (encoding === "quoted-printable") {
    const bytes = rawBody.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    body = Buffer.from(bytes, "latin1");
  } else body = Buffer.from(rawBody, "latin1");
  return { headers, contentType, body, parts: [] };
}

function leaves(part: ReceivedPart): ReceivedPart[] {
  return part.parts.length > 0 ? part.parts.flatMap(leaves) : [part];
}

function readMessage(raw: string, envelopeTo: string[]): ReceivedMessage {
  const root = parsePart(raw);
  const all = leaves(root);
  const isAttachment = (part: ReceivedPart) => /attachment/i.test(part.headers.get("content-disposition") ?? "");
  const bodyOf = (type: string) => all.find((part) => !isAttachment(part) && part.contentType.toLowerCase().startsWith(type))?.body.toString("utf8") ?? "";
  return {
    envelopeTo,
    subject: root.headers.get("subject") ?? "",
    text: bodyOf("text/plain"),
    html: bodyOf("text/html"),
    attachments: all.filter(isAttachment).map((part) => ({
      filename: /filename="?([^";]+)"?/i.exec(part.headers.get("content-disposition") ?? "")?.[1] ?? "",
      contentType: part.contentType,
      content: part.body,
    })),
    inlineImages: all
      .filter((part) => !isAttachment(part) && part.headers.has("content-id"))
      .map((part) => ({ contentId: part.headers.get("content-id")!.replace(/^<|>$/g, ""), contentType: part.contentType, content: part.body })),
  };
}
