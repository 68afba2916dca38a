import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { clientContext } from "~/lib/client.server.ts";
import { loadSettings, type Settings } from "~/lib/env.server.ts";
import { securityHeaders } from "~/lib/security-headers.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { closeRuntime, getRuntime, runtimeContext, type Runtime } from "~/lib/runtime.server.ts";
import { startBackgroundJobs } from "./jobs.ts";

// The production server. Built by `react-router build` into build/server/index.js together
// with the app, and started by scripts/start.mjs. Importing this file starts nothing.

export function createApp(runtime: Runtime, clientDir: string) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", runtime.settings.trustProxy);
  const https = runtime.settings.siteUrl.startsWith("https://");
  app.use((req, res, next) => {
    res.set(securityHeaders(req.path, { https }));
    next();
  });
  app.use(compression());
  // Hashed assets never change under their name.
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  app.use(
    createRequestHandler({
      build,
      mode: runtime.settings.production ? "production" : "development",
      getLoadContext(req) {
        const context = new RouterContextProvider();
        context.set(runtimeContext, runtime);
        context.set(clientContext, { ip: req.ip ?? req.socket.remoteAddress ?? "unknown" });
        return context;
      },
    }),
  );
  return app;
}

export async function startServer(options: { clientDir: string; settings?: Settings }) {
  const settings = options.settings ?? loadSettings();
  const runtime = await getRuntime(settings);
  const app = createApp(runtime, options.clientDir);
  const jobs = startBackgroundJobs(runtime);
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
    log.info("Shutting down", { signal });
    // Stop taking requests and let in-flight ones finish, then close the database.
    server.close();
    server.closeIdleConnections();
    const forceTimer = setTimeout(() => server.closeAllConnections(), 10_000);
    forceTimer.unref();
    await new Promise<void>((resolve) => server.once("close", () => resolve()));
    try {
      // Let the sweeper and the mail worker finish what they started, then close the database.
      await jobs.stop();
      await closeRuntime();
    } catch (error) {
      log.error("Error while closing the database", errorFields(error));
    }
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  return server;
}
