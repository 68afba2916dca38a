import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { readConsent, serializeConsent } from "~/features/consent/consent.ts";
import { BUSY_STATUS } from "~/lib/busy.ts";
import { busyHeaders } from "~/lib/busy.server.ts";
import { requestContext } from "~/lib/client.server.ts";
import { matchesETag } from "~/lib/etag.ts";
import { isSharedRenderHandle } from "~/lib/shared-render.ts";
import { APP_START_HEADER, isStartOnInputHandle } from "~/lib/app-start.ts";
import { startingOnInput } from "~/lib/app-start.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { NonceContext } from "~/lib/nonce.ts";

// Renders every page. Scripts carry the response's Content-Security-Policy nonce. Pages a
// visitor may keep (everything but the portal, payments and errors) are sent whole with an
// ETag and `private, no-cache`: the browser keeps its copy and asks "changed?" each time, and
// an unchanged page costs a 304 with no body (docs/decisions/009-csp-and-caching.md).

export const streamTimeout = 5_000;

/** A page is revalidated rather than re-sent when it is a plain 200 GET no route marked otherwise. */
export function isRevalidatable(request: Request, status: number, headers: Headers): boolean {
  return request.method === "GET" && status === 200 && !headers.has("Cache-Control");
}

/**
 * The page's validator: its bytes without this response's nonce (which differs on every
 * response), plus the visitor's tracking choice (which changes the policy header too).
 */
export function pageETag(html: string, nonce: string, cookieHeader: string | null): string {
  const consent = readConsent(cookieHeader);
  const hash = createHash("sha256")
    .update(nonce ? html.replaceAll(nonce, "") : html)
    .update(consent ? serializeConsent(consent) : "none")
    .digest("base64url")
    .slice(0, 27);
  return `W/"${hash}"`;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, sharedRender } = loadContext.get(requestContext);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // A post to a page without a form: say what the page does serve.
  if (responseStatusCode === 405) responseHeaders.set("Allow", "GET, HEAD");
  // A page the database was too busy to serve says when to come back (docs/decisions/018).
  if (responseStatusCode === BUSY_STATUS && !responseHeaders.has("Retry-After")) responseHeaders.set("Retry-After", busyHeaders()["Retry-After"]);
  const revalidatable = isRevalidatable(request, responseStatusCode, responseHeaders);
  if (!revalidatable && !responseHeaders.has("Cache-Control")) {
    responseHeaders.set("Cache-Control", request.method === "GET" && responseStatusCode === 404 ? "no-cache" : "no-store");
  }
  // Anonymous views may share this render when its route says so and nothing went wrong (docs/decisions/021).
  if (sharedRender && revalidatable && mayShareRender(routerContext)) sharedRender.shared = true;
  const userAgent = request.headers.get("user-agent");
  // Crawlers, and pages sent whole for their ETag, wait for all content; visitors get the shell first.
  const readyOption: keyof RenderToPipeableStreamOptions =
    revalidatable || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce || undefined}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </NonceContext>,
      {
        nonce: nonce || undefined,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          if (revalidatable) {
            resolve(wholePage(request, body, { nonce, status: responseStatusCode, headers: responseHeaders, startOnInput: startsOnInput(routerContext) }));
          } else {
            resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          }
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (sharedRender) sharedRender.shared = false;
          // Errors before the shell rejects are logged by handleError.
          if (shellRendered) log.error("Rendering failed after the page started", errorFields(error));
        },
      },
    );
  });
}

/** Does the page's deepest route let anonymous views share its render, and did every loader succeed? */
function mayShareRender(context: EntryContext): boolean {
  return isSharedRenderHandle(leafHandle(context));
}

/** The deepest route's `handle` when every loader succeeded; undefined after an error. */
function leafHandle({ staticHandlerContext, routeModules }: EntryContext): unknown {
  if (staticHandlerContext.errors) return undefined;
  const leaf = staticHandlerContext.matches.at(-1);
  return leaf === undefined ? undefined : routeModules[leaf.route.id]?.handle;
}

/** Does the page's deepest route start its scripts at the visitor's first input (lib/app-start.ts)? */
function startsOnInput(context: EntryContext): boolean {
  return isStartOnInputHandle(leafHandle(context));
}

/**
 * A public page without React Router's `<link rel="modulepreload">` tags. Its scripts then
 * load once the stylesheet has (the module script at the end of the body imports the same
 * files) instead of competing with the stylesheet, fonts and images for the first paint: the
 * page is server-rendered and readable before it hydrates. Issue #8; numbers in the bench.
 */
export function withoutModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload"[^>]*>/g, "");
}

/** Collects the page, then answers 304 when the browser's copy is current, or the page with its ETag. */
async function wholePage(
  request: Request,
  body: PassThrough,
  { nonce, status, headers, startOnInput }: { nonce: string; status: number; headers: Headers; startOnInput: boolean },
): Promise<Response> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  const whole = withoutModulePreloads(Buffer.concat(chunks).toString("utf8"));
  const starting = startOnInput ? startingOnInput(whole) : undefined;
  // The starter of a marketing page asks for what its scripts need, not for the HTML it has (lib/app-start.ts).
  if (starting && request.headers.has(APP_START_HEADER)) {
    headers.set("Content-Type", "application/json; charset=utf-8");
    headers.set("Cache-Control", "no-store");
    return new Response(JSON.stringify(starting.start), { status, headers });
  }
  const text = starting ? starting.html : whole;
  const html = Buffer.from(text);
  const etag = pageETag(text, nonce, request.headers.get("cookie"));
  headers.set("ETag", etag);
  headers.set("Cache-Control", "private, no-cache");
  headers.append("Vary", "Cookie");
  if (matchesETag(request.headers.get("if-none-match"), etag)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }
  return new Response(html, { status, headers });
}

/** A client navigation's refused post (`.data`) says what the page serves, as the page's own 405 does. */
export function handleDataRequest(response: Response): Response {
  if (response.status === 405 && !response.headers.has("Allow")) response.headers.set("Allow", "GET, HEAD");
  return response;
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // A visitor who leaves mid-request aborts it: not an error of ours.
  if (request.signal.aborted) return;
  const path = new URL(request.url).pathname;
  // React Router's own refusals (405 for a post to a page without a form, 404 for a data request
  // no route matches) are the visitor's mistake, not a fault of ours: a warning, like the access line.
  if (isRouteErrorResponse(error) && error.status < 500) return log.warn("Request refused", { ...errorFields(error), path });
  log.error("Request failed", { ...errorFields(error), path, stack: error instanceof Error ? error.stack : undefined });
};
