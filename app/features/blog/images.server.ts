import { createHash, randomUUID } from "node:crypto";
import type { Dirent } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "#db/client.ts";
import { UserFacingError, ValidationError } from "~/lib/errors.ts";
import { PayloadTooLargeError, readForm } from "~/lib/forms.server.ts";
import { imageByName, insertImages, storedImageNames, type NewImage } from "./image-queries.server.ts";

// Hero images uploaded by admins: checked by their content, resized, stored as WebP in the
// database (every server instance serves them; docs/decisions/020-several-instances.md) and
// served by routes/api/uploads.ts.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The editor's form: a 5 MB image plus a 100k-character article and the other fields. */
export const MAX_EDITOR_FORM_BYTES = MAX_IMAGE_BYTES + 1024 * 1024;
/** Widest first: the page hero, then cards and small screens. */
export const HERO_WIDTHS = [1600, 800] as const;
/** Decompression bombs: a small file that opens into billions of pixels is refused. */
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export const IMAGE_TOO_LARGE = "That image is larger than 5 MB. Please choose a smaller one.";
export const IMAGE_WRONG_TYPE = "Please choose a JPEG, PNG or WebP image.";

export class ImageTooLargeError extends UserFacingError {
  override name = "ImageTooLargeError";
  constructor() {
    super(IMAGE_TOO_LARGE, 413);
  }
}

/** Reads the editor's form (multipart or urlencoded), refusing a body over the cap before buffering it. */
export async function readEditorForm(request: Request): Promise<FormData> {
  try {
    return await readForm(request, MAX_EDITOR_FORM_BYTES);
  } catch (error) {
    if (error instanceof PayloadTooLargeError) throw new ImageTooLargeError();
    throw error;
  }
}

export type SavedHeroImage = { path: string; width: number; height: number };

/** Everything the site stores an uploaded file with; the name is its address under /uploads/. */
function imageRow(name: string, bytes: Uint8Array): NewImage {
  return { name, contentType: "image/webp", bytes, sizeBytes: bytes.byteLength, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/**
 * Checks that the bytes are a JPEG, PNG or WebP image (by content, not by name), then stores
 * a 1600 px and an 800 px wide WebP (never enlarged, orientation applied, metadata dropped)
 * in the database, both or neither. Returns the site path of the 1600 px one.
 */
export async function saveHeroImage(db: Db, bytes: Uint8Array): Promise<SavedHeroImage> {
  if (bytes.byteLength === 0) throw new ValidationError("Choose an image to upload.", { heroImageFile: ["Choose an image to upload."] });
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ImageTooLargeError();
  // Loaded at the first upload: only an admin's upload needs image processing.
  const { default: sharp } = await import("sharp");
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" } as const;
  let format: string | undefined;
  try {
    format = (await sharp(bytes, options).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new ValidationError(IMAGE_WRONG_TYPE, { heroImageFile: [IMAGE_WRONG_TYPE] });

  const name = randomUUID();
  const rows: NewImage[] = [];
  let largest: SavedHeroImage | undefined;
  try {
    for (const width of HERO_WIDTHS) {
      const { data, info } = await sharp(bytes, options).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
      rows.push(imageRow(`blog/${name}-${width}.webp`, data));
      largest ??= { path: `/uploads/blog/${name}-${width}.webp`, width: info.width, height: info.height };
    }
  } catch {
    throw new ValidationError(IMAGE_WRONG_TYPE, { heroImageFile: [IMAGE_WRONG_TYPE] });
  }
  await insertImages(db, rows);
  return largest!;
}

/** Only `blog/<lowercase letters, digits, dashes>.webp` is ever served: no other folder, no traversal. */
const SERVED_NAME = /^blog\/[a-z0-9-]+\.webp$/;

export type ServedImage = { bytes: Uint8Array; contentType: string; sizeBytes: number; etag: string };

/** The stored image for an /uploads/* address, or null when the name is not one the site writes or nothing is stored under it. */
export async function uploadedImage(db: Db, splat: string | undefined): Promise<ServedImage | null> {
  if (!splat || !SERVED_NAME.test(splat)) return null;
  const image = await imageByName(db, splat);
  return image ? { bytes: image.bytes, contentType: image.contentType, sizeBytes: image.sizeBytes, etag: `"${image.sha256}"` } : null;
}

const LEGACY_FILE = /^[a-z0-9-]+\.webp$/;

/** A WebP file starts "RIFF", its length, then "WEBP". */
function isWebp(bytes: Uint8Array): boolean {
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  return bytes.byteLength > 12 && text(0, 4) === "RIFF" && text(8, 12) === "WEBP";
}

/**
 * Images earlier versions wrote to DATA_DIR/uploads/blog, taken into the database so every
 * instance serves them. Runs at every start, on every instance: names already stored are not
 * read again, and a file that is not a WebP with a name the site writes is left out. The
 * files stay where they are (a rollback still finds them).
 */
export async function importUploadedFiles(db: Db, dataDir: string): Promise<{ imported: number; skipped: number }> {
  const directory = path.join(dataDir, "uploads", "blog");
  let entries: Dirent[];
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch {
    return { imported: 0, skipped: 0 };
  }
  const files = entries.filter((entry) => entry.isFile() && LEGACY_FILE.test(entry.name)).map((entry) => entry.name);
  let skipped = entries.length - files.length;
  const stored = await storedImageNames(db, files.map((file) => `blog/${file}`));
  let imported = 0;
  for (const file of files) {
    if (stored.has(`blog/${file}`)) continue;
    const bytes = new Uint8Array(await readFile(path.join(directory, file)));
    if (bytes.byteLength > MAX_IMAGE_BYTES || !isWebp(bytes)) {
      skipped += 1;
      continue;
    }
    await insertImages(db, [imageRow(`blog/${file}`, bytes)]);
    imported += 1;
  }
  return { imported, skipped };
}
