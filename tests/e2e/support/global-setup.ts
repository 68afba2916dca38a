import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../../support/processes.ts";
import { PROFILE_ADMIN } from "./profile-admin.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const root = path.resolve(import.meta.dirname, "../../..");

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy in 60 s:\n${output()}`);
}

/**
 * Starts the built site on a free port with a fresh embedded database full of demo data (or the
 * PostgreSQL database `extraEnv.DATABASE_URL` names, for a journey that must reach it too);
 * returns its address, everything it has printed so far (stdout and stderr) and a stop function.
 */
export async function startSiteServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<{ baseURL: string; output: () => string; stop: () => Promise<void> }> {
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    throw new Error("No build found: run `npm run build` before the end-to-end tests (npm test does).");
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ukr-e2e-"));
  const baseURL = `http://127.0.0.1:${port}`;
  let log = "";
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SITE_URL: baseURL,
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT_MAX: "1000",
    ...extraEnv,
  };
  // The browser tests run on the embedded database, whatever the db suite uses, unless a journey names its own.
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  try {
    await waitForHealth(baseURL, child, () => log);
  } catch (error) {
    // A server that never became healthy is not left running (and holding its data folder) after the suite gives up.
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  return {
    baseURL,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The e2e suite's server: the demo site as a visitor finds it. */
export default async function setup(project: TestProject) {
  // Tracker ids are set, so every journey meets the cookie banner; nothing loads before consent (consent.e2e.ts).
  // Every journey comes from 127.0.0.1, so the seat-hold limit per address is lifted here;
  // the security suite's server keeps the default and tests it (seat-holds.security.ts).
  // The profile journey's own admin, so it can change a name and a password nobody else uses.
  const server = await startSiteServer({
    GA_MEASUREMENT_ID: "G-TEST12345",
    META_PIXEL_ID: "1234567890123",
    SEAT_HOLDS_PER_ADDRESS: "1000",
    ADMIN_EMAIL: PROFILE_ADMIN.email,
    ADMIN_PASSWORD: PROFILE_ADMIN.password,
    ADMIN_NAME: PROFILE_ADMIN.name,
  });
  project.provide("baseURL", server.baseURL);
  return server.stop;
}
