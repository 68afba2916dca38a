import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type Database } from "#db/client.ts";
import { DataFolderLockedError } from "#db/lock.ts";
import { authUsers } from "#db/schema/index.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../tests/support/test-database.ts";
import { loadSettings } from "~/lib/env.server.ts";
import type { Runtime } from "~/lib/runtime.server.ts";
import { fillDatabase, startRuntime } from "./runtime.server.ts";

// Two server instances starting at the same moment (a deployment, a restart of every pod):
// on PostgreSQL both start and take turns at the start-up work; the embedded database
// belongs to one process, so the second is refused (docs/decisions/002, 020).

const admin = { email: "start.admin@example.com", password: "start-up-admin-password" };
const dataDirs: string[] = [];
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(async () => {
  await database.close();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.unstubAllEnvs();
});

function settingsFor(dataDir: string) {
  return loadSettings({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    DEMO_DATA: "off",
    LOG_LEVEL: "silent",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    BETTER_AUTH_SECRET: "start-up-test-secret-0123456789abcdef",
  });
}

function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ukr-start-up-"));
  dataDirs.push(dir);
  return dir;
}

describe(`instances starting together (${testEngine})`, () => {
  it("four filling one database at once make one ADMIN_EMAIL account between them, and all start", async () => {
    vi.stubEnv("ADMIN_EMAIL", admin.email);
    vi.stubEnv("ADMIN_PASSWORD", admin.password);
    const filled = await createTestDatabase();
    // On PostgreSQL each instance has its own pool; PGlite has one process, so one database.
    // Two contenders rarely meet inside the admin check's few milliseconds; four always have.
    const instances: Database[] = filled.url ? await Promise.all([1, 2, 3, 4].map(() => openDatabase({ kind: "postgres", url: filled.url! }))) : [filled, filled, filled, filled];
    try {
      const settings = settingsFor(dataDir());
      const fills = await Promise.allSettled(instances.map((instance) => fillDatabase(instance, settings)));
      expect(fills.flatMap((fill) => (fill.status === "rejected" ? [String(fill.reason)] : []))).toEqual([]);
      expect(await filled.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, admin.email))).toHaveLength(1);
    } finally {
      if (filled.url) await Promise.all(instances.map((instance) => instance.close()));
      await filled.close();
    }
  });

  it(
    testEngine === "postgres"
      ? "both start on one PostgreSQL database, with one ADMIN_EMAIL account between them"
      : "the second one is refused: the embedded database belongs to one process",
    async () => {
      // The start-up admin is read from the environment, as the server reads it.
      vi.stubEnv("ADMIN_EMAIL", admin.email);
      vi.stubEnv("ADMIN_PASSWORD", admin.password);
      const shared = dataDir();
      const starts = await Promise.allSettled([
        startRuntime(settingsFor(testEngine === "postgres" ? dataDir() : shared)),
        startRuntime(settingsFor(testEngine === "postgres" ? dataDir() : shared)),
      ]);
      const started = starts.flatMap((start) => (start.status === "fulfilled" ? [start.value] : []));
      const refusals = starts.flatMap((start) => (start.status === "rejected" ? [start.reason as unknown] : []));
      try {
        if (testEngine === "postgres") {
          expect(refusals.map(String)).toEqual([]);
          expect(started).toHaveLength(2);
          const accounts = await database.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, admin.email));
          expect(accounts).toHaveLength(1);
        } else {
          expect(started).toHaveLength(1);
          expect(refusals).toEqual([expect.any(DataFolderLockedError)]);
        }
      } finally {
        await Promise.all(started.map((runtime: Runtime) => runtime.close()));
      }
    },
  );
});
