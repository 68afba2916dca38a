import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { UserFacingError, ValidationError } from "~/lib/errors.ts";
import { PayloadTooLargeError, readForm } from "~/lib/forms.server.ts";

// Hero images uploaded by admins: checked by their content, resized, stored as WebP under
// DATA_DIR/uploads/blog and served by routes/api/uploads.ts.

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

export function uploadsDirectory(dataDir: string): string {
  return path.join(dataDir, "uploads", "blog");
}

export type SavedHeroImage = { path: string; width: number; height: number };

/**
 * Checks that the bytes are a JPEG, PNG or WebP image (by content, not by name), then writes
 * a 1600 px and an 800 px wide WebP (never enlarged, orientation applied, metadata dropped).
 * Returns the site path of the 1600 px one.
 */
export async function saveHeroImage(dataDir: string, bytes: Uint8Array): Promise<SavedHeroImage> {
  if (bytes.byteLength === 0) throw new ValidationError("Choose an image to upload.", { heroImageFile: ["Choose an image to upload."] });
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ImageTooLargeError();
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" } as const;
  let format: string | undefined;
  try {
    format = (await sharp(bytes, options).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new ValidationError(IMAGE_WRONG_TYPE, { heroImageFile: [IMAGE_WRONG_TYPE] });

  const directory = uploadsDirectory(dataDir);
  await mkdir(directory, { recursive: true });
  const name = randomUUID();
  const written: string[] = [];
  try {
    let largest: SavedHeroImage | undefined;
    for (const width of HERO_WIDTHS) {
      const file = path.join(directory, `${name}-${width}.webp`);
      written.push(file);
      const info = await sharp(bytes, options).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toFile(file);
      largest ??= { path: `/uploads/blog/${name}-${width}.webp`, width: info.width, height: info.height };
    }
    return largest!;
  } catch {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw new ValidationError(IMAGE_WRONG_TYPE, { heroImageFile: [IMAGE_WRONG_TYPE] });
  }
}

/** Only `blog/<lowercase letters, digits, dashes>.webp` is ever served: no other folder, no traversal. */
const SERVED_NAME = /^blog\/([a-z0-9-]+\.webp)$/;

/** The file on disk for an /uploads/* address, or null when the name is not one the site writes. */
export function uploadedFilePath(dataDir: string, splat: string | undefined): string | null {
  const match = splat ? SERVED_NAME.exec(splat) : null;
  return match ? path.join(uploadsDirectory(dataDir), match[1]!) : null;
}
