import net from "node:net";
import { clientAddress } from "./http.ts";

// A POST written by hand on a socket: a client that reads the server's early answer to a body
// it is still sending (fetch fails with EPIPE when the server hangs up mid-body).

/** `headers` and `body` are empty when the server cut the connection (status 0). */
export type RawAnswer = { status: number; headers: Headers; body: string; sent: number };

/**
 * Sends the request line and headers, then up to `total` bytes of `fill` in 64 KB chunks
 * (chunked transfer unless `declare`), paced so an early answer is read before the server
 * closes the connection. Stops writing once the server answers or hangs up; `sent` then shows
 * whether the server waited for the whole body. A status of 0: the server cut the connection.
 */
export function rawPost(
  base: string,
  path: string,
  { total, declare, contentType = "application/json", fill = " " }: { total: number; declare: boolean; contentType?: string; fill?: string },
): Promise<RawAnswer> {
  const url = new URL(path, base);
  return new Promise((resolve) => {
    let sent = 0;
    let received = "";
    const socket = net.connect(Number(url.port), url.hostname);
    const head = [
      `POST ${url.pathname}${url.search} HTTP/1.1`,
      `Host: ${url.host}`,
      `Content-Type: ${contentType}`,
      `Origin: ${base}`,
      `X-Forwarded-For: ${clientAddress()}`,
      declare ? `Content-Length: ${total}` : "Transfer-Encoding: chunked",
      "",
      "",
    ].join("\r\n");
    const chunk = Buffer.alloc(64 * 1024, fill);
    const framed = declare ? chunk : Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    const answered = () => /^HTTP\/1\.1 \d{3}/.test(received);
    const writeMore = () => {
      if (answered() || socket.destroyed) return;
      if (sent >= total) return void socket.write(declare ? "" : "0\r\n\r\n");
      sent += chunk.byteLength;
      socket.write(framed, () => setTimeout(writeMore, 2));
    };
    socket.on("connect", () => socket.write(head, () => setTimeout(writeMore, 20)));
    socket.on("data", (data: Buffer) => (received += data.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      const status = Number(received.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0);
      const [head = "", ...rest] = received.split("\r\n\r\n");
      const headers = new Headers();
      for (const line of head.split("\r\n").slice(1)) {
        const colon = line.indexOf(":");
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      resolve({ status, headers, body: rest.join("\r\n\r\n"), sent });
    });
    // A kept-alive connection stays open after a complete answer: close it once one has come.
    const timer = setInterval(() => {
      if (answered() && /\r\n\r\n/.test(received)) setTimeout(() => socket.destroy(), 200);
      if (socket.destroyed) clearInterval(timer);
    }, 50);
  });
}
