import type express from "express";
import { LRUCache } from "lru-cache";
import { CONSENT_COOKIE, readConsent, serializeConsent } from "~/features/consent/consent.ts";
import { APP_START_HEADER } from "~/lib/app-start.ts";
import { matchesETag } from "~/lib/etag.ts";
import type { SharedRender } from "~/lib/shared-render.ts";

// Anonymous views of the public pages share one render (docs/decisions/021-shared-page-renders.md).
// A page is kept only when its route opted in (`handle.sharedRender`, read by entry.server)
// and its answer was a plain 200 with an ETag and no cookie; it is kept without this
// response's nonce and served with the next one's. Every kept page goes at once when the
// database announces a change to what those pages read (migration 0005), and each lives at
// most `ttlMs`, which bounds what changes with the clock alone (a hold lapsing, a seminar
// starting). Who it is for is read from the request alone: a request carrying any of the
// site's other cookies (a signed-in admin) is never served from here.

export type PageCacheOptions = {
  /** How long a kept page may be served: what changes with time alone shows within it. */
  ttlMs: number;
  /** Bytes kept at most, the least recently used going first. */
  maxBytes: number;
  /** The clock the time-to-live is read from, in milliseconds (tests move it). */
  now?: () => number;
};

type Kept = {
  /** The page cut at each place the nonce stood. */
  parts: Buffer[];
  headers: [string, string][];
  etag: string;
  bytes: number;
};

/** Headers the response gets again on every request (express middleware, compression) or that the body decides. */
const NOT_KEPT = new Set(["content-length", "content-encoding", "transfer-encoding", "content-security-policy", "x-request-id", "date", "connection", "keep-alive"]);

/** The site's own cookies that change a page: any but the tracking choice (the session of a signed-in admin). */
function carriesOtherSiteCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => {
    const name = part.slice(0, part.indexOf("=")).trim();
    return name !== CONSENT_COOKIE && name.includes("thula");
  });
}

/** The request's place in the cache, or undefined when it must be rendered for itself. */
export function pageKey(req: Pick<express.Request, "method" | "originalUrl" | "headers">): string | undefined {
  if (req.method !== "GET") return undefined;
  const path = req.originalUrl.split("?")[0]!;
  // Client navigations (`.data`), the portal and the API are never shared; nor is a marketing
  // page's start (its scripts and data, asked for with a header at the first input: lib/app-start.ts).
  if (path.endsWith(".data") || path.startsWith("/admin") || path.startsWith("/api/")) return undefined;
  if (req.headers[APP_START_HEADER.toLowerCase()] !== undefined) return undefined;
  const cookie = req.headers.cookie;
  if (carriesOtherSiteCookie(cookie)) return undefined;
  const consent = readConsent(cookie ?? null);
  return `${req.headers.host ?? ""} ${req.originalUrl} ${consent ? serializeConsent(consent) : "none"}`;
}

function splitOn(page: Buffer, nonce: string): Buffer[] {
  if (!nonce) return [page];
  const marker = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = page.indexOf(marker, from); at !== -1; at = page.indexOf(marker, from)) {
    parts.push(page.subarray(from, at));
    from = at + marker.length;
  }
  parts.push(page.subarray(from));
  return parts;
}

function joinWith(parts: Buffer[], nonce: string): Buffer {
  if (parts.length === 1) return parts[0]!;
  const marker = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(marker);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

function toBuffer(chunk: unknown, encoding?: unknown): Buffer | undefined {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (typeof chunk === "string") return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return undefined;
}

export type PageCache = {
  /** Express middleware: serves kept pages, keeps new ones. Sets `res.locals.sharedRender` for the page to fill in. */
  middleware: express.RequestHandler;
  /** Forget every kept page (the database announced a change). */
  clear(): void;
  /** How many pages are kept (tests, logs). */
  size(): number;
};

/** What the page cache reads from and leaves on `res.locals`: the response's nonce (set before it), and where the render says it may be shared. */
export type PageCacheLocals = { nonce: string; sharedRender?: SharedRender };

type Locals = PageCacheLocals;

export function createPageCache({ ttlMs, maxBytes, now }: PageCacheOptions): PageCache {
  const kept = new LRUCache<string, Kept>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (page) => Math.max(1, page.bytes),
    ttl: Math.max(1, ttlMs),
    // Read the clock on every lookup: lru-cache otherwise keeps the time it read for a
    // millisecond, until a timer clears it, and on a busy event loop that timer runs late, so
    // a page past its time-to-live was still served (the unit test met it on a loaded CI run).
    ttlResolution: 0,
    ...(now ? { perf: { now } } : {}),
  });
  /** Bumped by each clear: a render that began before a change must not be kept after it. */
  let generation = 0;
  const enabled = ttlMs > 0 && maxBytes > 0;

  function serve(req: express.Request, res: express.Response, page: Kept, nonce: string) {
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", "hit");
    if (matchesETag(req.get("if-none-match") ?? null, page.etag)) {
      res.removeHeader("Content-Type");
      res.status(304).end();
      return;
    }
    res.status(200).end(joinWith(page.parts, nonce));
  }

  /** Watches what the app writes for this request and keeps it if the page said it may be shared. */
  function keepWhatIsSent(key: string, res: express.Response, nonce: string) {
    const startedAt = generation;
    const locals = res.locals as Locals;
    const chunks: Buffer[] = [];
    let headers: [string, string][] | undefined;
    const snapshotHeaders = () => {
      if (headers || !locals.sharedRender?.shared) return;
      headers = Object.entries(res.getHeaders())
        .filter(([name]) => !NOT_KEPT.has(name))
        .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]);
      if (!res.headersSent) res.setHeader("X-Page-Cache", "miss");
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => express.Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      snapshotHeaders();
      const buffer = toBuffer(chunk, rest[0]);
      if (buffer) chunks.push(buffer);
      return write(chunk, ...rest);
    }) as express.Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      snapshotHeaders();
      const buffer = typeof chunk === "function" ? undefined : toBuffer(chunk, rest[0]);
      if (buffer) chunks.push(buffer);
      const shareable =
        locals.sharedRender?.shared === true &&
        headers !== undefined &&
        res.statusCode === 200 &&
        !res.hasHeader("set-cookie") &&
        typeof res.getHeader("etag") === "string" &&
        generation === startedAt;
      if (shareable) {
        const page = Buffer.concat(chunks);
        kept.set(key, { parts: splitOn(page, nonce), headers: headers!, etag: String(res.getHeader("etag")), bytes: page.length });
      }
      return end(chunk, ...rest);
    }) as express.Response["end"];
  }

  const middleware: express.RequestHandler = (req, res, next) => {
    const key = enabled ? pageKey(req) : undefined;
    if (!key) return next();
    const locals = res.locals as Locals;
    const page = kept.get(key);
    if (page) return serve(req, res, page, locals.nonce);
    locals.sharedRender = { shared: false };
    keepWhatIsSent(key, res, locals.nonce);
    next();
  };

  return {
    middleware,
    clear() {
      generation++;
      kept.clear();
    },
    size: () => kept.size,
  };
}
