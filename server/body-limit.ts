import type { RequestHandler, Response } from "express";
import { MAX_EDITOR_FORM_BYTES } from "~/features/blog/images.server.ts";

// Request bodies have a size limit before any route reads them. Forms check their own (64 KB,
// readForm), but better-auth's JSON endpoints and the Stripe webhook read whatever arrives, and
// Express has no body parser to stop them. A declared Content-Length over the limit is refused
// at once; a chunked body is counted as it is read and cut off once it passes the limit. (A
// body no route reads is discarded by Node without being kept, within its request timeout.)

/** Everything but the blog editor: the largest such body is a Stripe event (refused over 512 KB by its route). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * The blog editor's form carries a hero image. Its own check refuses anything over
 * MAX_EDITOR_FORM_BYTES with a message saying why, before reading it; this higher cap only
 * stops a body that never ends, so a large phone photo still gets that message.
 */
export const EDITOR_BODY_LIMIT = 4 * MAX_EDITOR_FORM_BYTES;

const blogEditor = /^\/admin\/blog\/[^/]+(\.data)?$/;

/** The most bytes a request to `path` may send. */
export function requestBodyLimit(path: string): number {
  return blogEditor.test(path) ? EDITOR_BODY_LIMIT : DEFAULT_BODY_LIMIT;
}

export const BODY_TOO_LARGE_MESSAGE = "Request body too large.";

function refuse(res: Response) {
  // Connection: close makes Node drop the connection once this answer is sent, so the rest of the body is never read.
  res.status(413).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Connection: "close" }).end(`${BODY_TOO_LARGE_MESSAGE}\n`);
}

/** Refuses request bodies larger than `limitFor(path)` bytes with 413. */
export function bodyLimit(limitFor: (path: string) => number = requestBodyLimit): RequestHandler {
  return (req, res, next) => {
    const limit = limitFor(req.path);
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > limit) return refuse(res);

    // Counted where the chunks are handed out, not with a "data" listener of our own: a listener
    // would start the stream flowing before the route's reader is attached, and chunks would be lost.
    let received = 0;
    let cutOff = false;
    const emit = req.emit;
    req.emit = function countingEmit(this: typeof req, event: string | symbol, ...args: unknown[]) {
      if (event === "data") {
        if (cutOff) return false;
        const chunk = args[0] as Buffer | string;
        received += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
        if (received > limit) {
          cutOff = true;
          if (res.headersSent) req.destroy();
          else refuse(res);
          return false;
        }
      }
      return emit.call(this, event, ...args);
    } as typeof req.emit;
    next();
  };
}
