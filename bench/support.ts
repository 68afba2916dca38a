import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Agent, request } from "undici";
import pg from "pg";
import { freePort } from "../tests/support/processes.ts";

export const root = path.resolve(import.meta.dirname, "..");

/** Starts the built site (in production mode, so with a session secret of its own) and waits for /healthz. */
export async function startSite(env: NodeJS.ProcessEnv): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: { ...process.env, BETTER_AUTH_SECRET: randomBytes(32).toString("base64"), ...env, PORT: String(port), HOST: "127.0.0.1", SITE_URL: url, LOG_LEVEL: "error", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The site exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error("The site did not start in 60 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

export type LoadResult = { requests: number; requestsPerSecond: number; p50Ms: number; p95Ms: number; failures: number };

/**
 * A bounded, closed-loop load from this process (loopback only): `connections` workers
 * send requests back to back for `seconds`, and every latency is recorded.
 */
export async function load(url: string, { seconds = 8, connections = 16 } = {}): Promise<LoadResult> {
  const dispatcher = new Agent({ connections, pipelining: 1 });
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      try {
        const response = await request(url, { dispatcher });
        await response.body.arrayBuffer();
        if (response.statusCode !== 200) failures++;
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
  const admin = new pg.Client({ connectionString: serverUrl });
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
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
