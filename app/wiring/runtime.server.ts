import { migrateDatabase, openConfiguredDatabase, type Database } from "#db/client.ts";
import { withAdvisoryLock } from "#db/advisory-lock.ts";
import { seedDemoData } from "#db/seed/demo.ts";
import { ensureStartupAdmins } from "~/features/admin-auth/admins.server.ts";
import { importUploadedFiles } from "~/features/blog/images.server.ts";
import { loadSettings, type Settings } from "~/lib/env.server.ts";
import { log, setLogLevel } from "~/lib/log.server.ts";
import type { Runtime } from "~/lib/runtime.server.ts";
import { demoRules } from "./demo-rules.ts";

// The composition root's start-up: open the database, bring it up to date, fill a demo
// database, make the start-up admins. It sits above the features (docs/decisions/003), so
// the runtime that lib/ describes never needs to know them.

/** Opens, migrates and prepares the database the settings name. Servers call getRuntime; tests start several. */
export async function startRuntime(settings: Settings): Promise<Runtime> {
  setLogLevel(settings.logLevel);
  const database = await openConfiguredDatabase(settings);
  try {
    await migrateDatabase(database);
    await fillDatabase(database, settings);
    await takeInUploadedFiles(database, settings);
  } catch (error) {
    await database.close();
    throw error;
  }
  log.info("Database ready", { kind: database.kind, dataDir: database.kind === "pglite" ? settings.dataDir : undefined });
  return {
    settings,
    database,
    db: database.db,
    async close() {
      await database.close();
    },
  };
}

/**
 * What start-up adds to a migrated database: demo data (demo mode) and the start-up admins.
 * Each checks, then writes: instances starting together take turns, or two would both find
 * no ADMIN_EMAIL account and the second's insert would stop its start.
 */
export async function fillDatabase(database: Database, settings: Settings): Promise<void> {
  await withAdvisoryLock(database, "start-up", async () => {
    if (settings.seedDemoData) {
      const seeded = await seedDemoData(database.db, demoRules);
      if (seeded) log.info("Filled the empty database with demo data");
    }
    // The ADMIN_EMAIL admin, and the demo admin in demo mode (here so `npm run dev` has them too).
    await ensureStartupAdmins({ settings, db: database.db });
  });
}

/** Images an earlier version wrote to this instance's DATA_DIR go into the database, where every instance finds them. */
async function takeInUploadedFiles(database: Database, settings: Settings): Promise<void> {
  const { imported, skipped } = await importUploadedFiles(database.db, settings.dataDir);
  if (imported > 0) log.info("Moved uploaded images from DATA_DIR into the database", { imported });
  if (skipped > 0) log.warn("Left out files in DATA_DIR/uploads/blog that are not images the site wrote", { skipped });
}

// Kept on globalThis so a dev-server module reload reuses the one open database
// instead of opening the data folder a second time.
const slot = globalThis as typeof globalThis & { __ukrRuntime?: Promise<Runtime> };

/** Opens (once) and returns the runtime. Never called at module top level. */
export function getRuntime(settings?: Settings): Promise<Runtime> {
  slot.__ukrRuntime ??= startRuntime(settings ?? loadSettings()).catch((error: unknown) => {
    slot.__ukrRuntime = undefined;
    throw error;
  });
  return slot.__ukrRuntime;
}

export async function closeRuntime(): Promise<void> {
  const pending = slot.__ukrRuntime;
  slot.__ukrRuntime = undefined;
  if (pending) await (await pending).close();
}
