import { expect } from "vitest";
import { adminSession, send } from "./http.ts";

// The public forms as a visitor's browser posts them (no JavaScript), and the ids of what
// they saved, read back from the admin pages.

export type Visitor = { firstName: string; lastName: string; email: string; phone: string; address: string; notes: string };

let counter = 0;

/** A valid visitor whose free-text fields (names, address, notes) all carry `text`, with an e-mail of their own. */
export function visitorWith(text: string, label: string): Visitor {
  counter += 1;
  return {
    firstName: text,
    lastName: text,
    email: `${label}.${Date.now().toString(36)}.${counter}@example.co.za`,
    phone: "+27 82 555 0123",
    address: text,
    notes: text,
  };
}

export async function requestConsultation(type: "paid" | "free", visitor: Visitor) {
  const answer = await send(type === "paid" ? "/consultations/book" : "/consultations/book-free", {
    form: { ...visitor, preferredContact: "email", preferredTime: "morning", website: "" },
  });
  expect(answer.status, `consultation request by ${visitor.email}`).toBe(200);
  return answer;
}

/** Holds a seat (intent=book); returns the booking id from the payment panel. */
export async function holdSeat(seminarId: string, visitor: Visitor): Promise<string> {
  const answer = await send(`/events/book/${seminarId}`, { form: { intent: "book", ...visitor, preferredContact: "whatsapp" } });
  expect(answer.status, `seat hold by ${visitor.email}`).toBe(200);
  const bookingId = answer.text.match(/name="bookingId" value="([0-9a-f-]{36})"/)?.[1];
  expect(bookingId, `a booking id for ${visitor.email}`).toBeDefined();
  return bookingId!;
}

/** Pays a held seat through the built-in test checkout; returns the checkout session id. */
export async function payForSeat(seminarId: string, bookingId: string): Promise<string> {
  const checkout = await send(`/events/book/${seminarId}`, { form: { intent: "pay", bookingId } });
  expect(checkout.status).toBe(302);
  const sessionPath = new URL(checkout.location!).pathname;
  const paid = await send(sessionPath, { form: { intent: "pay" } });
  expect(paid.status).toBe(302);
  return sessionPath.split("/").pop()!;
}

/** The first id an admin page links with `?{param}=…` (e.g. the view link of a consultation). */
export async function linkedId(path: string, param: string): Promise<string> {
  const page = await send(path, { cookie: await adminSession() });
  expect(page.status, path).toBe(200);
  const id = page.text.match(new RegExp(`[?&;]${param}=([0-9a-f-]{36})`))?.[1];
  expect(id, `a ${param} link on ${path}`).toBeDefined();
  return id!;
}

/**
 * The first match of `link` in the newest e-mail to `to` of `kind`, read from the admin outbox
 * (the e-mail may be queued a moment after the post that caused it, so it looks again for up to 15 s).
 */
export async function outboxLink(to: string, kind: string, link: RegExp): Promise<string> {
  const cookie = await adminSession();
  const deadline = Date.now() + 15_000;
  for (;;) {
    const list = await send("/admin/outbox", { cookie });
    const row = list.text.split("<tr").find((cells) => cells.includes(`>${to}<`) && cells.includes(`>${kind}<`));
    const emailId = row?.match(/[?&;]email=([0-9a-f-]{36})/)?.[1];
    if (emailId) {
      const email = await send(`/admin/outbox?email=${emailId}`, { cookie });
      const path = email.text.match(link)?.[0];
      expect(path, `a link like ${link} in the ${kind} e-mail to ${to}`).toBeDefined();
      return path!;
    }
    if (Date.now() > deadline) throw new Error(`No ${kind} e-mail to ${to} on the outbox's first page`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
