import { randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { PayfastSettings } from "~/lib/env.server.ts";
import { decimalToCents } from "~/lib/format.ts";
import { apiSignature, checkoutSignature, notificationSignature, payfastEncode, postedPairs, sameSignature, type CheckoutField } from "../payfast/signature.ts";

// A stand-in for PayFast in tests, played from its documentation (docs/decisions/028): the
// payment page (takes the signed form POST; its Pay button sends the signed ITN to the form's
// notify_url from 127.0.0.1, then sends the visitor to return_url; Cancel to cancel_url), the
// validation endpoint (VALID only for a notification it sent), and the refunds API (checks
// the header signature). Not shipped: nothing in the app imports it.

export const PAYFAST_TEST_MERCHANT = { merchantId: "10000100", merchantKey: "46f0cd694581a", passphrase: "jt7NOE43FZPn" } as const;

export type FakePayment = { pfPaymentId: string; form: Record<string, string>; notification?: string; refundedCents: number };
export type RecordedRefund = { pfPaymentId: string; headers: IncomingMessage["headers"]; query: URLSearchParams; body: Record<string, unknown> };

export type PayfastServer = {
  url: string;
  /** The settings that point the site at this server. */
  settings(overrides?: Partial<PayfastSettings>): PayfastSettings;
  /** The environment that points a site process at it. */
  env(notifySources?: string): Record<string, string>;
  payments: Map<string, FakePayment>;
  refunds: RecordedRefund[];
  /** What validation answers next; "auto" is VALID for notifications this server sent. */
  validation: { answer: "auto" | "VALID" | "INVALID" };
  validations: string[];
  /** Accepts a signed checkout form as PayFast's page would, and gives the payment it opens. */
  accept(form: Record<string, string>): FakePayment;
  /** The ITN PayFast would send for a completed payment, signed (registered as genuine for validation). */
  notificationFor(payment: FakePayment, overrides?: Record<string, string>): string;
  close(): Promise<void>;
};

/** A notification body in PayFast's field order, with its signature last. */
export function signedNotification(fields: Array<[string, string]>, passphrase: string | undefined): string {
  const signature = notificationSignature(fields, passphrase);
  return [...fields, ["signature", signature] as [string, string]].map(([key, value]) => `${key}=${payfastEncode(value)}`).join("&");
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`);
}

export async function startPayfastServer(merchant: { merchantId: string; merchantKey: string; passphrase: string } = PAYFAST_TEST_MERCHANT): Promise<PayfastServer> {
  const payments = new Map<string, FakePayment>();
  const refunds: RecordedRefund[] = [];
  const validations: string[] = [];
  const validation: PayfastServer["validation"] = { answer: "auto" };
  const genuine = new Set<string>();

  function accept(form: Record<string, string>): FakePayment {
    const payment: FakePayment = { pfPaymentId: String(randomInt(1_000_000, 9_999_999)), form, refundedCents: 0 };
    payments.set(payment.pfPaymentId, payment);
    return payment;
  }

  function notificationFor(payment: FakePayment, overrides: Record<string, string> = {}): string {
    const gross = payment.form.amount ?? "0.00";
    const fee = ((decimalToCents(gross ?? "") ?? 0) * 0.035) / 100;
    const base: Array<[string, string]> = [
      ["m_payment_id", payment.form.m_payment_id ?? ""],
      ["pf_payment_id", payment.pfPaymentId],
      ["payment_status", "COMPLETE"],
      ["item_name", payment.form.item_name ?? ""],
      ["item_description", payment.form.item_description ?? ""],
      ["amount_gross", gross],
      ["amount_fee", (-fee).toFixed(2)],
      ["amount_net", ((decimalToCents(gross ?? "") ?? 0) / 100 - fee).toFixed(2)],
      ["custom_str1", payment.form.custom_str1 ?? ""],
      ["custom_str2", payment.form.custom_str2 ?? ""],
      ["custom_str3", ""],
      ["custom_str4", ""],
      ["custom_str5", ""],
      ["custom_int1", ""],
      ["custom_int2", ""],
      ["custom_int3", ""],
      ["custom_int4", ""],
      ["custom_int5", ""],
      ["name_first", payment.form.name_first ?? ""],
      ["name_last", payment.form.name_last ?? ""],
      ["email_address", payment.form.email_address ?? ""],
      ["merchant_id", merchant.merchantId],
    ];
    const fields = base.map(([key, value]) => [key, overrides[key] ?? value] as [string, string]);
    const body = signedNotification(fields, merchant.passphrase);
    genuine.add(body.slice(0, body.lastIndexOf("&signature=")));
    payment.notification = body;
    return body;
  }

  async function pay(res: ServerResponse, pfPaymentId: string) {
    const payment = payments.get(pfPaymentId);
    if (!payment?.form.notify_url || !payment.form.return_url) return page(res, 404, "Payment not found", "");
    // PayFast notifies the merchant's server, then sends the buyer back.
    const answer = await fetch(payment.form.notify_url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: notificationFor(payment),
    });
    await answer.text();
    res.writeHead(302, { location: payment.form.return_url });
    res.end();
  }

  function processPage(res: ServerResponse, body: string) {
    const pairs = postedPairs(body);
    const form = Object.fromEntries(pairs) as Record<string, string>;
    const { signature = "", ...signed } = form;
    if (form.merchant_id !== merchant.merchantId || form.merchant_key !== merchant.merchantKey) return page(res, 400, "Merchant is invalid", "");
    if (!sameSignature(signature, checkoutSignature(signed as Partial<Record<CheckoutField, string>>, merchant.passphrase))) {
      return page(res, 400, "Generated signature does not match submitted signature", "");
    }
    const payment = accept(form);
    page(
      res,
      200,
      "PayFast sandbox",
      `<p>Pay <strong data-testid="payfast-amount">R${escape(form.amount ?? "")}</strong> to the merchant for ${escape(form.item_name ?? "")}.</p>` +
        `<form method="post" action="/eng/process/pay"><input type="hidden" name="pf_payment_id" value="${payment.pfPaymentId}"><button type="submit">Pay</button></form>` +
        `<p><a href="${escape(form.cancel_url ?? "/")}">Cancel payment</a></p>`,
    );
  }

  function refund(req: IncomingMessage, res: ServerResponse, pfPaymentId: string, query: URLSearchParams, text: string) {
    const json = (status: number, answer: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer));
    };
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return json(400, { code: 400, status: "failed", data: { response: "Body is not JSON", message: false } });
    }
    const header = (name: string) => String(req.headers[name] ?? "");
    const signed = {
      "merchant-id": header("merchant-id"),
      version: header("version"),
      timestamp: header("timestamp"),
      ...Object.fromEntries(query),
      ...Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)])),
    };
    refunds.push({ pfPaymentId, headers: req.headers, query, body });
    if (signed["merchant-id"] !== merchant.merchantId || !sameSignature(header("signature"), apiSignature(signed, merchant.passphrase))) {
      return json(401, { code: 401, status: "failed", data: { response: "Merchant authorization failed.", message: false } });
    }
    const payment = payments.get(pfPaymentId);
    if (!payment) return json(404, { code: 404, status: "failed", data: { response: "Transaction not found", message: false } });
    const paid = decimalToCents(payment.form.amount ?? "") ?? 0;
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0 || payment.refundedCents + amount > paid) {
      return json(400, { code: 400, status: "failed", data: { response: "Refund amount exceeds the available amount", message: false } });
    }
    payment.refundedCents += amount;
    json(200, { code: 200, status: "success", data: { response: true, message: "Success" } });
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://payfast.test");
      const text = await readBody(req);
      if (req.method === "POST" && url.pathname === "/eng/process") return processPage(res, text);
      if (req.method === "POST" && url.pathname === "/eng/process/pay") return pay(res, new URLSearchParams(text).get("pf_payment_id") ?? "");
      if (req.method === "POST" && url.pathname === "/eng/query/validate") {
        validations.push(text);
        const answer = validation.answer === "auto" ? (genuine.has(text) ? "VALID" : "INVALID") : validation.answer;
        res.writeHead(200, { "content-type": "text/plain" });
        return res.end(answer);
      }
      const refundPath = /^\/refunds\/([^/]+)$/.exec(url.pathname);
      if (req.method === "POST" && refundPath) return refund(req, res, decodeURIComponent(refundPath[1]!), url.searchParams, text);
      page(res, 404, "Not found", "");
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    settings: (overrides = {}) => ({
      ...merchant,
      sandbox: false,
      processUrl: `${url}/eng/process`,
      validateUrl: `${url}/eng/query/validate`,
      apiUrl: url,
      notifySources: ["127.0.0.1"],
      ...overrides,
    }),
    env: (notifySources = "127.0.0.1") => ({
      PAYFAST_MERCHANT_ID: merchant.merchantId,
      PAYFAST_MERCHANT_KEY: merchant.merchantKey,
      PAYFAST_PASSPHRASE: merchant.passphrase,
      PAYFAST_PROCESS_URL: `${url}/eng/process`,
      PAYFAST_VALIDATE_URL: `${url}/eng/query/validate`,
      PAYFAST_API_URL: url,
      PAYFAST_NOTIFY_SOURCES: notifySources,
    }),
    payments,
    refunds,
    validation,
    validations,
    accept,
    notificationFor,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

