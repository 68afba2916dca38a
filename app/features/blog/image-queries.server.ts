import { eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { uploadedImages } from "#db/schema/index.ts";

// The only code that touches the uploaded_images table (hero images, images.server.ts).

export type StoredImage = typeof uploadedImages.$inferSelect;
export type NewImage = Omit<typeof uploadedImages.$inferInsert, "createdAt">;

/** Stores images (all or none); a name already stored is left as it is (names are never reused). */
export async function insertImages(db: Db, images: NewImage[]): Promise<void> {
  if (images.length === 0) return;
  await db.insert(uploadedImages).values(images).onConflictDoNothing({ target: uploadedImages.name });
}

export async function imageByName(db: Db, name: string): Promise<StoredImage | null> {
  const [image] = await db.select().from(uploadedImages).where(eq(uploadedImages.name, name));
  return image ?? null;
}

/** Which of these names are stored already. */
export async function storedImageNames(db: Db, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.select({ name: uploadedImages.name }).from(uploadedImages).where(inArray(uploadedImages.name, names));
  return new Set(rows.map((row) => row.name));
}
