import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

// A stand-in for Contentful's Content Delivery API in tests: a local HTTP server that answers
// the real SDK with recorded responses (contentful-fixtures/), so the SDK's own request,
// retry and link-resolution code runs. Not shipped: nothing in the app imports it.

export const FIXTURE_SPACE = "t4hul8relo0c";
export const FIXTURE_TOKEN = "recorded-delivery-token-0123456789abcdef";

const fixturesDir = path.join(import.meta.dirname, "contentful-fixtures");

export type RecordedRequest = { method: string; path: string; query: Record<string, string>; authorization: string | undefined };

export type ContentfulRecorder = {
  /** http://127.0.0.1:<port>, for CONTENTFUL_HOST. */
  url: string;
  /** Every request the SDK made, in order. */
  requests: RecordedRequest[];
  /** Requests no recorded response fits (a test fails if there are any). */
  unexpected: RecordedRequest[];
  /** The next `count` requests answer with a recorded error (503 unless told). */
  failNext(count: number, status?: 429 | 500 | 502 | 503): void;
  close(): Promise<void>;
};

type Answer = { status: number; fixture: string; headers?: Record<string, string> };

function fixture(name: string): string {
  return readFileSync(path.join(fixturesDir, name), "utf8");
}

function route(request: RecordedRequest): Answer | undefined {
  const { query } = request;
  if (request.path !== `/spaces/${FIXTURE_SPACE}/environments/master/entries`) return { status: 404, fixture: "error-404.json" };
  if (request.authorization !== `Bearer ${FIXTURE_TOKEN}`) return { status: 401, fixture: "error-401.json" };
  if (query.content_type !== "blogPost") return undefined;
  if (query["sys.id"]) {
    const recorded = `entry-${query["sys.id"]}.json`;
    return { status: 200, fixture: existsSync(path.join(fixturesDir, recorded)) ? recorded : "entries-empty.json" };
  }
  if (query.order !== "-sys.createdAt") return undefined;
  if (query["sys.id[ne]"]) {
    const recorded = `entries-related-${query["sys.id[ne]"]}.json`;
    return query.limit === "3" && existsSync(path.join(fixturesDir, recorded)) ? { status: 200, fixture: recorded } : undefined;
  }
  if (query.limit === "3") return { status: 200, fixture: "entries-newest-3.json" };
  if (query.limit === "1000") return { status: 200, fixture: "entries-all.json" };
  return undefined;
}

export async function startContentfulRecorder(): Promise<ContentfulRecorder> {
  const requests: RecordedRequest[] = [];
  const unexpected: RecordedRequest[] = [];
  const failures: number[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
    };
    requests.push(recorded);
    const failure = failures.shift();
    const answer: Answer | undefined =
      failure !== undefined
        ? { status: failure, fixture: "error-503.json", headers: failure === 429 ? { "x-contentful-ratelimit-reset": "0" } : {} }
        : route(recorded);
    if (!answer) unexpected.push(recorded);
    const { status, fixture: name, headers = {} } = answer ?? { status: 400, fixture: "error-404.json" };
    res.writeHead(status, {
      "content-type": "application/vnd.contentful.delivery.v1+json",
      "x-contentful-request-id": `recorded-${requests.length}`,
      ...headers,
    });
    res.end(fixture(name));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    unexpected,
    failNext(count, status = 503) {
      for (let i = 0; i < count; i += 1) failures.push(status);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
