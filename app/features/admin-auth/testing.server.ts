import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "#db/client.ts";
import { emailOutbox } from "#db/schema/index.ts";
import { clientContext } from "~/lib/client.server.ts";
import { loadSettings } from "~/lib/env.server.ts";
import { runtimeContext, type Runtime } from "~/lib/runtime.server.ts";
import { useTestDatabase, type TestDatabase } from "../../../tests/support/test-database.ts";

// Helpers for this feature's database tests (not shipped: nothing in the app imports it).

export const testSiteUrl = "https://admin.thula.example";

/** A runtime on the test database, with its own data folder (for the generated auth secret). */
function testRuntime(database: TestDatabase): Runtime & { cleanup(): void } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ukr-auth-test-"));
  const settings = loadSettings({ SITE_URL: testSiteUrl, DATA_DIR: dataDir, NODE_ENV: "test" });
  return {
    settings,
    database,
    db: database.db,
    close: () => database.close(),
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * The calling test file's database and a runtime on it (testRuntime): opened before its tests,
 * closed and the runtime's folder removed after them; read both inside tests and hooks.
 * Tables given are emptied before each test, as useTestDatabase does.
 */
export function useTestRuntime(...emptiedBeforeEach: PgTable[]): { database: TestDatabase; runtime: Runtime } {
  const database = useTestDatabase(...emptiedBeforeEach);
  let runtime: ReturnType<typeof testRuntime> | undefined;
  const opened = () => {
    if (!runtime) throw new Error("The test runtime opens in beforeAll: use it inside tests and hooks.");
    return runtime;
  };

  beforeAll(() => {
    runtime = testRuntime(database);
  });
  afterAll(() => {
    runtime?.cleanup();
  });

  return {
    database,
    runtime: {
      get settings() {
        return opened().settings;
      },
      database,
      get db() {
        return database.db;
      },
      close: () => database.close(),
    },
  };
}

export function routerContext(runtime: Runtime, ip = "203.0.113.9"): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(runtimeContext, runtime);
  context.set(clientContext, { ip });
  return context;
}

let addressCounter = 0;

/** A fresh client address per test, so rate limits of one test never touch another. */
export function nextClient() {
  addressCounter += 1;
  return { ip: `198.51.100.${addressCounter % 250}`, userAgent: "vitest" };
}

export async function outboxTo(db: Db, to: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(asc(emailOutbox.createdAt));
}

/** The one link in an e-mail's text body that starts with this prefix. */
export function linkIn(text: string, prefix: string): string {
  const found = text.match(/https?:\/\/\S+/g)?.filter((url) => url.startsWith(prefix)) ?? [];
  if (found.length !== 1) throw new Error(`Expected one link starting with ${prefix}, found ${found.length}`);
  return found[0]!;
}

/** "name=value" pairs from Set-Cookie headers, for a Cookie request header. */
export function cookieHeader(setCookies: string[]): string {
  return setCookies
    .map((cookie) => cookie.split(";")[0]!.trim())
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}
