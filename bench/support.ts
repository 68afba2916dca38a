import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Agent, request } from "undici";
import pg from "pg";
import { freePort } from "../tests/support/processes.ts";
// @ts-expect-error plain ESM module shared with scripts/
import { SERVER_NODE_FLAGS } from "../scripts/server-flags.mjs";

export const root = path.resolve(import.meta.dirname, "..");

/** Lighthouse's own CPU slowdown for its mobile run: the Lighthouse bench's default, and what the render bench's TBT estimate assumes. */
export const LIGHTHOUSE_CPU_SLOWDOWN = 4;

/** Seconds each load runs (BENCH_SECONDS, default 5) and its concurrent connections (BENCH_CONNECTIONS, default 16). */
export const loadSeconds = Number(process.env.BENCH_SECONDS ?? 5);
export const loadConnections = Number(process.env.BENCH_CONNECTIONS ?? 16);

/** No single request may hang the bench: undici gives up on a silent server after this. */
const requestTimeoutMs = 30_000;

/** A server process's memory in MB: its resident set now, and its high-water mark (VmHWM). */
export type Memory = { residentMb?: number; peakMb?: number };

export type Site = { url: string; pid: number; memory(): Memory; stop(): Promise<void> };

/**
 * Starts the built site (production mode, loopback) as one server process, as
 * tests/instances/support/servers.ts does: a port and, unless `env` names one, a throwaway
 * DATA_DIR of its own. Waits for /healthz (60 s at most).
 */
export async function startSite(env: NodeJS.ProcessEnv): Promise<Site> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const ownDataDir = env.DATA_DIR ? undefined : mkdtempSync(path.join(os.tmpdir(), "ukr-bench-site-"));
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: url,
      LOG_LEVEL: "error",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(killer);
    }
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The site exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("The site did not start in 60 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, pid: child.pid!, memory: () => memoryOf(child.pid!), stop };
}

/** The first post the blog lists (demo data): /blog/<id>/<slug>. */
export async function firstBlogPost(siteUrl: string): Promise<string | undefined> {
  const html = await (await fetch(`${siteUrl}/blog`)).text();
  return /href="(\/blog\/[\w-]+\/[\w-]+)"/.exec(html)?.[1];
}

/**
 * Asks for every page a few times and lets the server settle: a freshly started server is
 * still compiling its hot code and running its start-up jobs, which share the two CPUs with
 * the browser and would make the first page measured look slower than it is.
 */
export async function warmUp(siteUrl: string, paths: string[]) {
  for (let pass = 0; pass < 3; pass++) {
    for (const page of paths) await (await fetch(`${siteUrl}${page}`)).arrayBuffer();
  }
  await new Promise((resolve) => setTimeout(resolve, 5_000));
}

/** A page's name in a table: a post's id is long and says nothing, so its slug stands for it. */
export function pageLabel(page: string): string {
  return page.replace(/^\/blog\/[\w-]+\//, "/blog/…/");
}

/** The process's resident set (VmRSS) and its high-water mark (VmHWM); empty where /proc is not there. */
export function memoryOf(pid: number): Memory {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return {};
  }
  const megabytes = (field: string) => {
    const kilobytes = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
    return kilobytes ? Math.round(Number(kilobytes) / 1024) : undefined;
  };
  return { residentMb: megabytes("VmRSS"), peakMb: megabytes("VmHWM") };
}

export type LoadResult = { requests: number; requestsPerSecond: number; p50Ms: number; p95Ms: number; failures: number };

export type LoadOptions = {
  seconds?: number;
  connections?: number;
  headers?: Record<string, string>;
  /** The status a request should get; any other counts as a failure. */
  expectStatus?: number;
};

/**
 * A bounded, closed-loop load from this process (loopback only): `connections` workers
 * send requests back to back for `seconds`, and every latency is recorded. `target` may
 * give each request an address of its own (the request's number in).
 */
export async function load(target: string | ((n: number) => string), options: LoadOptions = {}): Promise<LoadResult> {
  const { seconds = loadSeconds, connections = loadConnections, headers, expectStatus = 200 } = options;
  const dispatcher = new Agent({ connections, pipelining: 1, headersTimeout: requestTimeoutMs, bodyTimeout: requestTimeoutMs });
  const latencies: number[] = [];
  let failures = 0;
  let sent = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const url = typeof target === "string" ? target : target(sent++);
      const started = performance.now();
      try {
        const response = await request(url, { dispatcher, headers });
        await response.body.arrayBuffer();
        if (response.statusCode !== expectStatus) failures++;
      } catch {
        failures++;
      }
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await dispatcher.close();
  return {
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / elapsed),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    failures,
  };
}

/** One GET, timed: for the first request an address gets after the server started. */
export async function timedGet(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; status: number; headers: Headers; text: string }> {
  const started = performance.now();
  const response = await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(requestTimeoutMs) });
  const text = await response.text();
  return { ms: round(performance.now() - started), status: response.status, headers: response.headers, text };
}

export function round(value: number): number {
  return Math.round(value * 10) / 10;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** A throwaway database on the local PostgreSQL server, or undefined when none answers. */
export async function throwawayPostgres(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const serverUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `ukr_bench_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
