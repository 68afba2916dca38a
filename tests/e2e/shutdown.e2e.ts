import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, rowsOf } from "#db/client.ts";
import { LOCK_FILE } from "#db/lock.ts";
import { freePort, repoRoot } from "../support/processes.ts";

// Graceful shutdown of the real server process on the embedded database: on SIGTERM it
// says "not ready" to the load balancer while still serving, then stops, finishes its
// work, closes the database and releases the data folder, losing nothing.

async function waitFor(check: () => Promise<boolean>, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe("shutting down on SIGTERM", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ukr-shutdown-"));
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("drains, finishes, closes the database and keeps every write", async () => {
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    let output = "";
    child = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: "", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SITE_URL: baseURL, LOG_LEVEL: "info", SHUTDOWN_DELAY_SECONDS: "2" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
    await waitFor(async () => (await fetch(`${baseURL}/readyz`)).ok, "the server to be ready");

    // A write just before the signal: a free intro call request.
    const email = `shutdown-${Date.now()}@example.com`;
    const form = new URLSearchParams({ firstName: "Thandi", lastName: "Nkosi", email, phone: "+27 82 555 0123", preferredContact: "email", preferredTime: "morning" });
    const booked = await fetch(`${baseURL}/consultations/book-free`, { method: "POST", body: form, redirect: "manual" });
    expect(booked.status).toBeLessThan(400);

    child.kill("SIGTERM");
    // While draining: not ready for new traffic, yet still alive and serving.
    await waitFor(async () => (await fetch(`${baseURL}/readyz`)).status === 503, "/readyz to answer 503", 1_500);
    const readiness = (await (await fetch(`${baseURL}/readyz`)).json()) as { status: string; reason?: string };
    expect(readiness).toEqual({ status: "not-ready", reason: "shutting down" });
    expect((await fetch(`${baseURL}/healthz`)).status).toBe(200);

    expect(await exited).toBe(0);
    expect(output).toContain("Stopped cleanly");
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    // The folder is free (opening it takes the lock) and the write is there.
    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      const rows = rowsOf<{ count: number }>(
        await database.db.execute(sql`select count(*)::int as count from consultation_bookings b join users u on u.id = b.user_id where u.email = ${email}`),
      );
      expect(rows[0]?.count).toBe(1);
    } finally {
      await database.close();
    }
  });
});
