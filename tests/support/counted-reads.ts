import type { Db } from "#db/client.ts";

/**
 * The database with its reads counted: each `select` query built through it adds one. A
 * streamed export's test reads the count as the download goes, to see that batches are read
 * only as the reader asks for them (docs/decisions/029).
 */
export function countedReads(db: Db): { db: Db; reads: () => number } {
  let reads = 0;
  const counted = new Proxy(db, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property !== "select") return value.bind(target);
      return (...args: unknown[]) => {
        reads += 1;
        return value.apply(target, args);
      };
    },
  });
  return { db: counted, reads: () => reads };
}
