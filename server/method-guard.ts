import type { RequestHandler } from "express";

// The site serves pages (GET, HEAD) and forms (POST); nothing else. Any other method is
// answered 405 here, before the app: TRACE cannot even be turned into a fetch Request (React
// Router's adapter failed with a 500), and the rest reached React Router's own 405, which it
// reports as an error. A method nobody serves is a scanner's or a client's mistake: the access
// log records it as a warning, like every other 4xx.

export const SERVED_METHODS = ["GET", "HEAD", "POST"] as const;

const served = new Set<string>(SERVED_METHODS);

export function methodGuard(): RequestHandler {
  const allow = SERVED_METHODS.join(", ");
  return (req, res, next) => {
    if (served.has(req.method)) return next();
    res.status(405).set({ Allow: allow, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end("Method Not Allowed\n");
  };
}
