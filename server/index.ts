import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import onHeaders from "on-headers";
import { pinoHttp } from "pino-http";
import { RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { readConsent } from "~/features/consent/consent.ts";
import { startDraining } from "~/features/health/readiness.server.ts";
import { BUSY_STATUS } from "~/lib/busy.ts";
import { withBusyAnswers } from "~/lib/busy.server.ts";
import { clientContext, requestContext } from "~/lib/client.server.ts";
import { loadSettings, type Settings } from "~/lib/env.server.ts";
import { errorFields, log, logger, withRequestId } from "~/lib/log.server.ts";
import { runtimeContext, type Runtime } from "~/lib/runtime.server.ts";
import { closeRuntime, getRuntime } from "~/wiring/runtime.server.ts";
import { allowedTrackers, contentSecurityPolicy, isFrameable, mayUseCamera, securityHeaders } from "~/lib/security-headers.ts";
import { bodyLimit } from "./body-limit.ts";
import { startBackgroundJobs } from "./jobs.ts";
import { methodGuard } from "./method-guard.ts";
import { createPageCache, type PageCache, type PageCacheLocals } from "./page-cache.ts";

// The production server. Built by `react-router build` into build/server/index.js together
// with the app, and started by scripts/start.mjs. Importing this file starts nothing.

type Locals = PageCacheLocals & { requestId: string };

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request's id: the load balancer's X-Request-Id when proxies are trusted and it looks sane, else a new one. */
function requestIdOf(req: express.Request, trustProxy: Settings["trustProxy"]): string {
  const incoming = req.get("x-request-id");
  return trustProxy !== false && incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * A failure of ours is an error; the honest "busy" answer (503 with Retry-After, docs/decisions/018)
 * is the site working as designed under load, and a visitor's mistake (4xx) is a warning.
 */
function accessLogLevel(res: { statusCode: number; hasHeader(name: string): boolean }, error: unknown): "error" | "warn" | "info" {
  if (error) return "error";
  if (res.statusCode === BUSY_STATUS && res.hasHeader("retry-after")) return "warn";
  if (res.statusCode >= 500) return "error";
  return res.statusCode >= 400 ? "warn" : "info";
}

export function createApp(runtime: Runtime, clientDir: string, pageCache: PageCache) {
  const { settings } = runtime;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", settings.trustProxy);
  const https = settings.siteUrl.startsWith("https://");
  const imageOrigins = settings.blog.contentful ? ["https://images.ctfassets.net"] : [];
  // Where the checkout's forms go: PayFast's payment page (our page posts to it), Stripe Checkout.
  const formOrigins = [...(settings.payfast ? [new URL(settings.payfast.processUrl).origin] : []), ...(settings.stripe ? ["https://checkout.stripe.com"] : [])];

  app.use((req, res, next) => {
    const requestId = requestIdOf(req, settings.trustProxy);
    const nonce = randomBytes(16).toString("base64");
    const locals = res.locals as Locals;
    locals.requestId = requestId;
    locals.nonce = nonce;
    res.set(securityHeaders(req.path, { https }));
    res.set("X-Request-Id", requestId);
    const policy = contentSecurityPolicy({
      nonce,
      https,
      frameable: isFrameable(req.path),
      webAssembly: mayUseCamera(req.path),
      trackers: allowedTrackers(readConsent(req.get("cookie")), settings.tracking),
      imageOrigins,
      formOrigins,
    });
    // Not on a 304: the browser keeps the page it has, whose scripts carry the nonce of the
    // policy it stored with it; a new policy would block them.
    onHeaders(res, () => {
      if (res.statusCode !== 304) res.setHeader("Content-Security-Policy", policy);
    });
    withRequestId(requestId, next);
  });
  app.use(
    pinoHttp({
      logger,
      genReqId: (_req, res) => (res.locals as Locals).requestId,
      customAttributeKeys: { reqId: "requestId" },
      // The path only: query strings can carry sign-in tokens.
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, path: req.url.split("?")[0] }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, error) => accessLogLevel(res, error),
      autoLogging: { ignore: (req) => /^\/(healthz|readyz|assets\/|fonts\/|media\/)/.test(req.url ?? "") },
      quietReqLogger: true,
    }),
  );
  app.use(methodGuard());
  // Pages and /media are compressed as they are sent, with Brotli 6 rather than the middleware's
  // 4: pages 8% smaller for the same time, under 4 ms for the home page (docs/decisions/040).
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } } }));
  // Hashed assets never change under their name. They are sent as the build compressed them
  // (scripts/precompress.mjs: Brotli 11, gzip 9), which the middleware above then leaves alone.
  app.use(
    "/assets",
    expressStaticGzip(path.join(clientDir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y", index: false },
    }),
  );
  app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  app.use(bodyLimit());
  // Anonymous views of public pages share one render (docs/decisions/021).
  app.use(pageCache.middleware);
  app.use(
    createRequestHandler({
      build: withBusyAnswers(build),
      mode: settings.production ? "production" : "development",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(runtimeContext, runtime);
        context.set(clientContext, { ip: req.ip ?? req.socket.remoteAddress ?? "unknown" });
        const { nonce, requestId, sharedRender } = res.locals as Locals;
        context.set(requestContext, { nonce, requestId, sharedRender });
        return context;
      },
    }),
  );
  // Last resort for errors outside React Router (a malformed request, a failing middleware):
  // logged with the request id, answered without a stack trace whatever the mode.
  app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(error);
    const status = typeof error === "object" && error !== null && "status" in error && Number(error.status) >= 400 && Number(error.status) < 600 ? Number(error.status) : 500;
    if (status >= 500) log.error("Request failed outside the app", { ...errorFields(error), path: req.path });
    res.status(status).type("text/plain").send(status >= 500 ? "Internal Server Error" : "Bad Request");
  });
  return app;
}

export async function startServer(options: { clientDir: string; settings?: Settings }) {
  const settings = options.settings ?? loadSettings();
  const runtime = await getRuntime(settings);
  const pageCache = createPageCache(settings.pageCache);
  const app = createApp(runtime, options.clientDir, pageCache);
  const jobs = startBackgroundJobs(runtime, { pageCache });
  // Not before it hears of blog edits: a page cached now could otherwise miss one for a minute.
  await jobs.ready;
  const server = app.listen(settings.port, settings.host);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  log.info(`Site running on ${settings.siteUrl}`, { port: settings.port });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Tell the load balancer first (/readyz answers 503), keep serving while it notices,
    // then stop taking requests and let in-flight ones finish.
    startDraining();
    log.info("Shutting down", { signal, delaySeconds: settings.shutdownDelayMs / 1000 });
    if (settings.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.shutdownDelayMs));
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const forceTimer = setTimeout(() => server.closeAllConnections(), 10_000);
    forceTimer.unref();
    await closed;
    try {
      // Let the sweeper and the mail worker finish what they started, stop listening, then close the database.
      await jobs.stop();
      await closeRuntime();
      log.info("Stopped cleanly");
    } catch (error) {
      log.error("Error while closing the database", errorFields(error));
    }
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  return server;
}
