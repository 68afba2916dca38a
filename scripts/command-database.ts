import { migrateDatabase, openConfiguredDatabase, type Database } from "../db/client.ts";
import { DataFolderLockedError } from "../db/lock.ts";

/**
 * Runs a command's work on the configured database, migrated first, and closes it after.
 * Opening the embedded database takes its lock: a folder a running server holds is refused
 * with "<command>: …" and exit code 1, since a second process on a PGlite folder corrupts it silently.
 */
export async function withCommandDatabase(
  command: string,
  settings: Parameters<typeof openConfiguredDatabase>[0],
  work: (database: Database) => Promise<number>,
): Promise<number> {
  let database: Database;
  try {
    database = await openConfiguredDatabase(settings, { poolSize: 1 });
  } catch (error) {
    if (!(error instanceof DataFolderLockedError)) throw error;
    console.error(`${command}: ${error.message}`);
    return 1;
  }

  try {
    await migrateDatabase(database);
    return await work(database);
  } finally {
    await database.close();
  }
}
