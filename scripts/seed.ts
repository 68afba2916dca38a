import { existsSync } from "node:fs";
// `npm run db:seed`: migrates the database and fills it with demo data when it is empty.
// With the embedded database it refuses to run while a server holds the data folder:
// a second process on a PGlite folder corrupts it silently.
import { SettingsError, loadSettings } from "../app/lib/env.server.ts";
import { migrateDatabase, openDatabase, type Database } from "../db/client.ts";
import { DataFolderLockedError, dataFolderOwner } from "../db/lock.ts";
import { seedDemoData } from "../db/seed/demo.ts";

function refuse(error: DataFolderLockedError): number {
  console.error(`npm run db:seed: ${error.message}`);
  return 1;
}

async function seed(): Promise<number> {
  // The same .env the server reads (real environment variables win).
  if (existsSync(".env")) process.loadEnvFile(".env");
  const settings = loadSettings();

  if (!settings.databaseUrl) {
    const owner = dataFolderOwner(settings.dataDir);
    if (owner !== undefined) return refuse(new DataFolderLockedError(settings.dataDir, owner));
  }

  let database: Database;
  try {
    database = settings.databaseUrl
      ? await openDatabase({ kind: "postgres", url: settings.databaseUrl, poolSize: 1 })
      : await openDatabase({ kind: "pglite", dataDir: settings.dataDir });
  } catch (error) {
    // The server may have taken the folder between the check above and the open.
    if (error instanceof DataFolderLockedError) return refuse(error);
    throw error;
  }

  try {
    await migrateDatabase(database);
    const seeded = await seedDemoData(database.db);
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
