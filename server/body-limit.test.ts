import http from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_EDITOR_FORM_BYTES } from "~/features/blog/images.server.ts";
import { BODY_TOO_LARGE_MESSAGE, bodyLimit, DEFAULT_BODY_LIMIT, requestBodyLimit } from "./body-limit.ts";

// The middleware in front of a reader built the way @react-router/express builds one, attached
// a tick later (as the real handler may be), so a lost chunk would show as a short body.

const LIMIT = 100;
let server: http.Server;
let port = 0;
/** What the route read of the last request's body. */
let read = -1;

beforeAll(async () => {
  const app = express();
  app.use(bodyLimit((path) => (path === "/roomy" ? LIMIT * 10 : LIMIT)));
  const echo: express.RequestHandler = async (req, res) => {
    await new Promise((resolve) => setImmediate(resolve));
    let bytes = 0;
    try {
      const reader = createReadableStreamFromReadable(req).getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        bytes += chunk.value.byteLength;
        read = bytes;
      }
    } catch {
      return;
    }
    read = bytes;
    if (!res.headersSent) res.json({ bytes });
  };
  app.post("/echo", echo);
  app.post("/roomy", echo);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Answer = { status: number; body: string; sent: number; error?: string };

/**
 * Posts `chunkCount` chunks of `chunkSize` bytes, chunked unless `declared` gives a
 * Content-Length. Settles once the answer has arrived and the body is sent (or the connection
 * closed), or the connection has failed (the server may drop it while the body is still being written).
 */
function post(path: string, { chunkSize, chunkCount, declared }: { chunkSize: number; chunkCount: number; declared?: number }): Promise<Answer> {
  read = -1;
  return new Promise((resolve) => {
    let sent = 0;
    let status = 0;
    let body = "";
    let answered = false;
    let bodySent = false;
    let closed = false;
    let error: string | undefined;
    const settle = () => {
      if (error || (answered && (bodySent || closed))) resolve({ status, body, sent, error });
    };
    const headers: Record<string, string> = { "content-type": "application/octet-stream" };
    if (declared !== undefined) headers["content-length"] = String(declared);
    const request = http.request({ host: "127.0.0.1", port, path, method: "POST", headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        status = response.statusCode ?? 0;
        body = Buffer.concat(chunks).toString("utf8");
        answered = true;
        settle();
      });
    });
    request.on("error", (failure) => {
      error = failure.message;
      settle();
    });
    request.on("finish", () => {
      bodySent = true;
      settle();
    });
    request.on("close", () => {
      closed = true;
      settle();
    });
    const writeNext = (index: number) => {
      if (request.destroyed) return;
      if (index === chunkCount) return void request.end();
      sent += chunkSize;
      request.write(Buffer.alloc(chunkSize, 120), () => setTimeout(() => writeNext(index + 1), 2));
    };
    writeNext(0);
  });
}

describe("bodyLimit", () => {
  it("passes bodies within the limit whole, declared or chunked", async () => {
    expect(await post("/echo", { chunkSize: LIMIT, chunkCount: 1, declared: LIMIT })).toMatchObject({ status: 200, body: JSON.stringify({ bytes: LIMIT }) });
    expect(await post("/echo", { chunkSize: 10, chunkCount: 10 })).toMatchObject({ status: 200, body: JSON.stringify({ bytes: 100 }) });
    expect(await post("/roomy", { chunkSize: 100, chunkCount: 10 })).toMatchObject({ status: 200, body: JSON.stringify({ bytes: 1000 }) });
  });

  it("refuses a declared Content-Length over the limit before reading any of the body", async () => {
    const answer = await post("/echo", { chunkSize: 10, chunkCount: 1, declared: LIMIT + 1 });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(`${BODY_TOO_LARGE_MESSAGE}\n`);
    expect(read).toBe(-1);
  });

  it("cuts a chunked body off once it passes the limit, and the route never sees more than the limit", async () => {
    const answer = await post("/echo", { chunkSize: 30, chunkCount: 200 });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(`${BODY_TOO_LARGE_MESSAGE}\n`);
    expect(read).toBeLessThanOrEqual(LIMIT);
    // The connection is dropped: the client could not send its 6,000 bytes.
    expect(answer.sent).toBeLessThan(200 * 30);
  });
});

describe("requestBodyLimit", () => {
  it("gives the blog editor room for its image and everything else 1 MB", () => {
    for (const path of ["/admin/blog/new", "/admin/blog/new.data", "/admin/blog/0b7c6f59-3c1b-4d6e-9a51-0d6e2a4f2c11"]) {
      expect(requestBodyLimit(path)).toBeGreaterThan(MAX_EDITOR_FORM_BYTES);
    }
    for (const path of ["/api/auth/sign-in/email", "/api/stripe/webhook", "/consultations/book", "/admin/blog", "/admin/blog/new/extra", "/admin/users"]) {
      expect(requestBodyLimit(path)).toBe(DEFAULT_BODY_LIMIT);
    }
    expect(DEFAULT_BODY_LIMIT).toBeGreaterThan(512 * 1024);
  });
});
