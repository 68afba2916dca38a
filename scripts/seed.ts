import { existsSync } from "node:fs";
// `npm run db:seed`: migrates the database and fills it with demo data when it is empty.
// With the embedded database it refuses to run while a server holds the data folder:
// a second process on a PGlite folder corrupts it silently.
import { SettingsError, loadSettings } from "../app/lib/env.server.ts";
import { seedDemoData } from "../db/seed/demo.ts";
import { demoRules } from "../app/wiring/demo-rules.ts";
import { withCommandDatabase } from "./command-database.ts";

async function seed(): Promise<number> {
  // The same .env the server reads (real environment variables win).
  if (existsSync(".env")) process.loadEnvFile(".env");
  const settings = loadSettings();

  return withCommandDatabase("npm run db:seed", settings, async (database) => {
    const seeded = await seedDemoData(database.db, demoRules);
    const where = database.kind === "pglite" ? `the data folder ${settings.dataDir}` : "the PostgreSQL database";
    console.log(
      seeded
        ? `Seeded demo data into ${where}: seminars, contacts, bookings and blog posts.`
        : `Found data already in ${where}; nothing was changed.`,
    );
    return 0;
  });
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
