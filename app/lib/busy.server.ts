import type { ServerBuild } from "react-router";
import { databaseBusyReason } from "#db/busy.ts";
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS, BUSY_STATUS } from "./busy.ts";
import { log } from "./log.server.ts";

// The one place a busy database becomes the visitor's answer (docs/decisions/018): 503 with
// Retry-After and "We're busy right now, so nothing was saved…", never the database's text.
// Forms answer it through failureAnswer (form-answers.server.ts), keeping what was typed;
// everything else (a page's loader, an action or middleware that did not catch it) through
// withBusyAnswers below, so the nearest error page says the same words.

export const busyHeaders = () => ({ "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) });

/** Logs the busy answer once (which wait ran out, never the query or its values) and says whether the error was one. */
export function answeredAsBusy(error: unknown, context: Record<string, unknown> = {}): boolean {
  const reason = databaseBusyReason(error);
  if (reason === undefined) return false;
  log.warn("Answered 'busy': the database did not answer in time", { ...context, reason });
  return true;
}

/** The busy answer of a page, a resource route or an action without a form: 503, Retry-After, the words in plain text. */
export function busyResponse(): Response {
  return new Response(BUSY_MESSAGE, {
    status: BUSY_STATUS,
    headers: { ...busyHeaders(), "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

type Handler = (...args: never[]) => unknown;

/** The handler, with a busy database thrown as the busy answer (a Response the error page reads). */
function answeringBusy<H extends Handler>(handler: H, what: string): H {
  const wrapped = async (...args: Parameters<H>) => {
    try {
      return await handler(...args);
    } catch (error) {
      if (answeredAsBusy(error, { handler: what })) throw busyResponse();
      throw error;
    }
  };
  return wrapped as unknown as H;
}

type RouteModule = ServerBuild["routes"][string] extends infer Route ? (Route extends { module: infer Module } ? Module : never) : never;

function busyAwareModule(id: string, module: RouteModule): RouteModule {
  const { loader, action, middleware } = module;
  return {
    ...module,
    ...(loader && { loader: answeringBusy(loader, `${id} loader`) }),
    ...(action && { action: answeringBusy(action, `${id} action`) }),
    ...(middleware && { middleware: middleware.map((step) => answeringBusy(step, `${id} middleware`)) }),
  };
}

/**
 * The server build with every route's loader, action and middleware answering a busy
 * database with 503, Retry-After and the busy words, on documents, data requests and
 * resource routes alike. Applied once, where the server hands the build to React Router.
 */
export function withBusyAnswers(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (route) routes[id] = { ...route, module: busyAwareModule(id, route.module) };
  }
  return { ...build, routes };
}
