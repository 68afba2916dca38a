// A second process for the data-folder lock tests (the lock is per process, so only another
// process can show it refusing). Run: node --import tsx tests/support/lock-probe.ts <action> <dataDir>
//   acquire: take the lock and release it at once.
//   hold:    take the lock, print "held", and keep it until killed.
//   open:    open the embedded database in the folder, run a query, close it.
// Exit codes: 0 done, 3 refused with DataFolderLockedError, 1 any other failure.
import { sql } from "drizzle-orm";
import { openDatabase } from "../../db/client.ts";
import { acquireDataFolderLock, DataFolderLockedError } from "../../db/lock.ts";

const [action, dataDir] = process.argv.slice(2);

async function run(): Promise<void> {
  if (!dataDir) throw new Error("usage: lock-probe.ts <acquire|hold|open> <dataDir>");
  switch (action) {
    case "acquire": {
      acquireDataFolderLock(dataDir).release();
      console.log("acquired");
      return;
    }
    case "hold": {
      acquireDataFolderLock(dataDir);
      console.log("held");
      setInterval(() => {}, 60_000);
      return;
    }
    case "open": {
      const database = await openDatabase({ kind: "pglite", dataDir });
      await database.db.execute(sql`select 1`);
      await database.close();
      console.log("opened");
      return;
    }
    default:
      throw new Error(`unknown action ${action}`);
  }
}

run().catch((error: unknown) => {
  if (error instanceof DataFolderLockedError) {
    console.error(`${error.name}: ${error.message}`);
    process.exit(3);
  }
  console.error(error);
  process.exit(1);
});
