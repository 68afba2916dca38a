import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSiteServer } from "../e2e/support/global-setup.ts";

// Methods the site does not serve (issue 15): answered 405 with the methods it does serve,
// and logged as a warning (a visitor's or a scanner's request, not a fault of ours). A server
// of its own, so its log can be read; fetch() refuses to send TRACE, so every request here is
// written on a raw socket. (TRACK never reaches the site: Node's HTTP parser answers it 400.)

let server: Awaited<ReturnType<typeof startSiteServer>>;

beforeAll(async () => {
  server = await startSiteServer({ NODE_ENV: "production", LOG_LEVEL: "info" });
}, 120_000);

afterAll(() => server?.stop());

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

function raw(method: string, path: string, extra = ""): Promise<RawAnswer> {
  const url = new URL(server.baseURL);
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = net.connect(Number(url.port), url.hostname, () =>
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${url.host}\r\n${extra}Connection: close\r\n\r\n`),
    );
    socket.on("data", (data: Buffer) => (received += data.toString("utf8")));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = received.split("\r\n\r\n");
      const headers = Object.fromEntries(
        head
          .split("\r\n")
          .slice(1)
          .map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(head.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0), headers, body });
    });
  });
}

type LogLine = { level: string; msg: string; req?: { method: string; path: string }; path?: string };

function logLines(): LogLine[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

describe("methods the site does not serve", () => {
  it.each(["TRACE", "PROPFIND", "PUT", "PATCH", "DELETE", "OPTIONS"])("%s is answered 405 with the methods the site serves", async (method) => {
    const path = `/method-probe-${method.toLowerCase()}`;
    const answer = await raw(method, path, "Origin: https://evil.example\r\n");

    expect(answer.status, answer.body.slice(0, 300)).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD, POST");
    expect(answer.body).not.toMatch(/Internal Server Error|at \w+ \(/);
    // The access line is written as the answer finishes: it may reach the output just after.
    await vi.waitFor(() => expect(logLines().filter((line) => line.req?.path === path || line.path === path).map((line) => line.level)).toEqual(["warn"]));
  });

  it("a POST to a page without a form is 405 too, logged as a warning, not an error", async () => {
    const answer = await raw("POST", "/about", `Origin: ${server.baseURL}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n`);
    expect(answer.status).toBe(405);
    const levels = () => logLines().filter((line) => (line.req?.path ?? line.path) === "/about").map((line) => line.level);
    await vi.waitFor(() => expect(levels()).toEqual(["warn", "warn"]));
  });

  it("a client navigation's POST to a page without a form (`.data`) is 405 and says what the page serves", async () => {
    const answer = await raw("POST", "/about.data", `Origin: ${server.baseURL}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n`);
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD");
  });

  it("nothing above was logged as an error", () => {
    expect(logLines().filter((line) => line.level === "error")).toEqual([]);
  });
});
