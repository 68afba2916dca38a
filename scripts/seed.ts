import { existsSync } from "node:fs";
// `npm run db:seed`: migrates the database and fills it with demo data when it is empty.
// With the embedded database it refuses to run while a server holds the data folder:
// a second process on a PGlite folder corrupts it silently.
import { SettingsError, loadSettings } from "../app/lib/env.server.ts";
import { migrateDatabase, openConfiguredDatabase, type Database } from "../db/client.ts";
import { DataFolderLockedError } from "../db/lock.ts";
import { seedDemoData } from "../db/seed/demo.ts";
import { demoRules } from "../app/wiring/runtime.server.ts";

function refuse(error: DataFolderLockedError): number {
  console.error(`npm run db:seed: ${error.message}`);
  return 1;
}

async function seed(): Promise<number> {
  // The same .env the server reads (real environment variables win).
  if (existsSync(".env")) process.loadEnvFile(".env");
  const settings = loadSettings();

  let database: Database;
  try {
    // Opening the embedded database takes its lock: a folder a running server holds is refused.
    database = await openConfiguredDatabase(settings, { poolSize: 1 });
  } catch (error) {
    if (error instanceof DataFolderLockedError) return refuse(error);
    throw error;
  }

  try {
    await migrateDatabase(database);
    const seeded = await seedDemoData(database.db, demoRules);
    const where = database.kind === "pglite" ? `the data folder ${settings.dataDir}` : "the PostgreSQL database";
    console.log(
      seeded
        ? `Seeded demo data into ${where}: seminars, contacts, bookings and blog posts.`
        : `Found data already in ${where}; nothing was changed.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

seed().then(
  (exitCode) => {
    process.exitCode = exitCode;
  },
  (error: unknown) => {
    console.error(error instanceof SettingsError ? error.message : error);
    process.exitCode = 1;
  },
);
