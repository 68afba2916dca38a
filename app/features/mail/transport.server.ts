import type { Transporter } from "nodemailer";
import type { Settings } from "~/lib/env.server.ts";
import type { EmailAttachment } from "./types.ts";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: EmailAttachment[];
};

/** Something that delivers one e-mail or throws a readable error (SMTP in production). */
export type MailTransport = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

const MAX_ERROR_LENGTH = 500;

/** An SMTP error as stored in last_error: one trimmed line, never the SMTP_URL's credentials. */
export function describeMailError(error: unknown, secrets: string[] = []): string {
  let message = error instanceof Error ? error.message : String(error);
  for (const secret of secrets) if (secret.length >= 3) message = message.replaceAll(secret, "***");
  message = message.replace(/\/\/[^/\s:@]*:[^/\s@]*@/g, "//***@");
  message = message.replace(/\s+/g, " ").trim();
  return (message || "Unknown error").slice(0, MAX_ERROR_LENGTH);
}

/** The SMTP transport named by SMTP_URL, or undefined when it is not set (mail stays queued). */
export function createMailTransport(mail: Settings["mail"]): MailTransport | undefined {
  if (!mail.smtpUrl) return undefined;
  const url = new URL(mail.smtpUrl);
  const secrets = [decodeURIComponent(url.password), url.password, mail.smtpUrl].filter(Boolean);
  // nodemailer loads with the first e-mail sent, not with the server.
  let transporter: Promise<Transporter> | undefined;
  const smtp = () =>
    (transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
      // Short timeouts: a stuck send must end well before another worker reclaims the row (10 min).
      nodemailer.createTransport({
        url: mail.smtpUrl,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      }),
    ));

  return {
    async send(message) {
      try {
        await (await smtp()).sendMail({
          from: mail.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments.map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: Buffer.from(attachment.contentBase64, "base64"),
            // An inline image the HTML shows as cid:…
            ...(attachment.cid ? { cid: attachment.cid, contentDisposition: "inline" as const } : {}),
          })),
        });
      } catch (error) {
        throw new Error(describeMailError(error, secrets));
      }
    },
    close() {
      void transporter?.then((opened) => opened.close(), () => undefined);
    },
  };
}
