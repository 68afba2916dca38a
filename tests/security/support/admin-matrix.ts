import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../../app/routes.ts";

// The authorisation matrix's inputs, read from the route table (app/routes.ts) so a new admin
// route (or any new action, for the cross-origin checks) cannot be left out, and a small HTTP
// client that can speak from a chosen loopback address (each probe is then its own client for
// the rate limits).

const appDir = fileURLToPath(new URL("../../../app/", import.meta.url));

export type AdminRoute = {
  /** React Router's route id (for a data request naming only this route). */
  id: string;
  file: string;
  /** The address of its page, e.g. /admin/users (a layout's own address for its action). */
  url: string;
  /** Where its action is posted: an index route needs ?index. */
  actionUrl: string;
  /** A page (has a component) or a resource route (loader/action only). */
  kind: "page" | "resource";
  hasLoader: boolean;
  hasAction: boolean;
  intents: readonly string[];
  /** Its address has dynamic segments, filled with a sample value that names no record. */
  sample: boolean;
  /** An index route, or a layout whose address its index route answers (with a redirect). */
  servedByIndex: boolean;
};

type Flat = { id: string; file: string; url: string; index: boolean; layout: boolean };

function flatten(entries: readonly RouteConfigEntry[], parent: string): Flat[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    const here: Flat = {
      id: entry.id ?? entry.file.replace(/\.[jt]sx?$/, ""),
      file: entry.file,
      url: `/${own}`,
      index: entry.index === true,
      layout: (entry.children?.length ?? 0) > 0,
    };
    return [here, ...flatten(entry.children ?? [], own)];
  });
}

/** A sample value for each dynamic segment, so such routes are probed too. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+\??/g, "00000000-0000-4000-8000-000000000000").replace(/\*$/, "matrix-probe");
}

/** Every route under /admin except the sign-in page, with what its module exports. */
export async function adminRoutes(): Promise<AdminRoute[]> {
  const flat = flatten(routes, "").filter((route) => (route.url === "/admin" || route.url.startsWith("/admin/")) && route.url !== "/admin/login");
  return Promise.all(
    flat.map(async (route) => {
      const module = (await import(/* @vite-ignore */ path.join(appDir, route.file))) as Record<string, unknown>;
      const url = concrete(route.url);
      return {
        id: route.id,
        file: route.file,
        url,
        actionUrl: route.index ? `${url}?index` : url,
        kind: typeof module.default === "function" ? "page" : "resource",
        hasLoader: typeof module.loader === "function",
        hasAction: typeof module.action === "function",
        intents: Array.isArray(module.intents) ? (module.intents as string[]) : [],
        sample: url !== route.url,
        servedByIndex: route.index || flat.some((other) => other.index && other.url === route.url),
      } satisfies AdminRoute;
    }),
  );
}

export type ActionRoute = { id: string; file: string; url: string; actionUrl: string };

/** Every route of the site whose module has an action (any URL, public or admin), for the checks every write must pass. */
export async function routesWithAction(): Promise<ActionRoute[]> {
  const flat = flatten(routes, "");
  const withModules = await Promise.all(
    flat.map(async (route) => ({ route, module: (await import(/* @vite-ignore */ path.join(appDir, route.file))) as Record<string, unknown> })),
  );
  return withModules
    .filter(({ module }) => typeof module.action === "function")
    .map(({ route }) => {
      const url = concrete(route.url);
      return { id: route.id, file: route.file, url, actionUrl: route.index ? `${url}?index` : url };
    });
}

export type HttpAnswer = { status: number; location: string | null; setCookies: string[]; body: string; contentType: string };

let nextHost = 20;

/** A loopback address of its own (127.0.0.20 …): one client per probe for the server's rate limits. */
export function freshLoopback(): string {
  nextHost = nextHost >= 250 ? 20 : nextHost + 1;
  return `127.0.0.${nextHost}`;
}

export function send(
  baseURL: string,
  options: { method?: string; path: string; cookie?: string; origin?: string; form?: Record<string, string>; json?: unknown; from?: string },
): Promise<HttpAnswer> {
  const url = new URL(options.path, baseURL);
  const headers: Record<string, string> = { accept: "text/html,application/json;q=0.9,*/*;q=0.8" };
  let body: string | undefined;
  if (options.form) {
    body = new URLSearchParams(options.form).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["content-type"] = "application/json";
  }
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: options.method ?? "GET", headers, localAddress: options.from },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location ?? null,
            setCookies: response.headers["set-cookie"] ?? [],
            body: Buffer.concat(chunks).toString("utf8"),
            contentType: String(response.headers["content-type"] ?? ""),
          }),
        );
      },
    );
    request.on("error", reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

/** "name=value" pairs from Set-Cookie headers, for a Cookie request header. */
export function cookieFrom(setCookies: string[]): string {
  return setCookies
    .map((cookie) => cookie.split(";")[0]!.trim())
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** Signs in through the auth endpoint from a loopback address of its own; returns the Cookie header. */
export async function signIn(baseURL: string, email: string, password: string): Promise<string> {
  const answer = await send(baseURL, { method: "POST", path: "/api/auth/sign-in/email", json: { email, password }, origin: baseURL, from: freshLoopback() });
  if (answer.status !== 200) throw new Error(`Sign-in as ${email} failed: ${answer.status} ${answer.body}`);
  const cookie = cookieFrom(answer.setCookies);
  if (!cookie.includes("session_token=")) throw new Error(`Sign-in as ${email} set no session cookie`);
  return cookie;
}

/** The visible text of a page's <main>, without digits (counts and times may move), for before/after comparison. */
export function mainText(html: string): string {
  const main = html.match(/<main[\s\S]*?<\/main>/)?.[0] ?? "";
  return main
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\d+/g, "#")
    .replace(/\s+/g, " ")
    .trim();
}
