import { sql, type SQLWrapper } from "drizzle-orm";
import { rowsOf, type Db } from "#db/client.ts";

/**
 * The plan of `statement` with sequential scans priced out, so the plan shows whether an index
 * CAN answer it (whether the planner then chooses it is its business). For a search, plain
 * index scans are priced out too, so an index that merely gives the order (and filters every
 * row it reads) cannot stand in for the search's own.
 */
export async function planOf(db: Db, statement: SQLWrapper, { search = false } = {}): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    if (search) await tx.execute(sql`set local enable_indexscan = off`);
    const rows = rowsOf<Record<string, string>>(await tx.execute(sql`explain (costs off) ${statement}`));
    return rows.map((row) => Object.values(row)[0]).join("\n");
  });
}
