import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, repoRoot } from "../../support/processes.ts";

// Server processes of the built site sharing one PostgreSQL database, as a deployment behind a
// load balancer runs them: each with its own port and its own DATA_DIR (no shared disk).

export type SiteInstance = { name: string; baseURL: string; output: () => string; stop: () => Promise<void> };

/** Polls /readyz (database answers, every migration applied) until it says 200, or fails with what the server printed. */
async function waitUntilReady(instance: SiteInstance, exited: () => number | null): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited() !== null) throw new Error(`${instance.name} exited (${exited()}):\n${instance.output()}`);
    try {
      if ((await fetch(`${instance.baseURL}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${instance.name} was not ready within 60 s:\n${instance.output()}`);
}

/** Starts the built server (npm test builds it first) on a free port against `databaseUrl`, and waits until it is ready. */
export async function startInstance(name: string, databaseUrl: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<SiteInstance> {
  const buildDir = path.resolve(repoRoot, process.env.BUILD_DIR ?? "build");
  if (!existsSync(path.join(buildDir, "server/index.js"))) throw new Error("No build found: run `npm run build` first (npm test does).");
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `ukr-${name}-`));
  const baseURL = `http://127.0.0.1:${port}`;
  let printed = "";
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", SITE_URL: baseURL, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => (printed += chunk));
  child.stderr.on("data", (chunk) => (printed += chunk));
  const instance: SiteInstance = {
    name,
    baseURL,
    output: () => printed,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitUntilReady(instance, () => child.exitCode);
  } catch (error) {
    await instance.stop();
    throw error;
  }
  return instance;
}

export type Answer = { status: number; headers: Headers; text: string; location: string | null; bytes: Uint8Array };

/** One request to `instance`, redirects not followed; writes carry the instance's own Origin, as its pages would send. */
export async function send(instance: SiteInstance, pathname: string, options: { form?: Record<string, string> | FormData; json?: unknown; cookie?: string } = {}): Promise<Answer> {
  const headers = new Headers({ accept: "text/html,*/*;q=0.8" });
  let body: BodyInit | undefined;
  if (options.form instanceof FormData) body = options.form;
  else if (options.form) body = new URLSearchParams(options.form);
  else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set("content-type", "application/json");
  }
  if (body !== undefined) headers.set("origin", instance.baseURL);
  if (options.cookie) headers.set("cookie", options.cookie);
  const response = await fetch(new URL(pathname, instance.baseURL), { method: body === undefined ? "GET" : "POST", headers, body, redirect: "manual" });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, text: new TextDecoder().decode(bytes), location: response.headers.get("location"), bytes };
}

/** Signs in through the auth endpoint; returns the Cookie header of the session (kept in the shared database). */
export async function signIn(instance: SiteInstance, email: string, password: string): Promise<string> {
  const answer = await send(instance, "/api/auth/sign-in/email", { json: { email, password } });
  if (answer.status !== 200) throw new Error(`Sign-in on ${instance.name} failed: ${answer.status} ${answer.text}`);
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!.trim())
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
  if (!cookie.includes("session_token=")) throw new Error(`Sign-in on ${instance.name} set no session cookie`);
  return cookie;
}
