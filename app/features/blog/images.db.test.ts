import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#db/client.ts";
import { uploadedImages } from "#db/schema/index.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { ValidationError } from "~/lib/errors.ts";
import { loadSettings } from "~/lib/env.server.ts";
import { runtimeContext, type Runtime } from "~/lib/runtime.server.ts";
import { loader as uploadsLoader } from "../../routes/api/uploads.ts";
import { ImageTooLargeError, importUploadedFiles, MAX_IMAGE_BYTES, saveHeroImage } from "./images.server.ts";

// Uploaded hero images live in the database, so every server instance serves what any one of
// them stored (docs/decisions/020-several-instances.md); files an older version wrote to
// DATA_DIR are taken in at start.

const database = useTestDatabase(uploadedImages);
const folders: string[] = [];
/** Another server instance: its own data folder and, on PostgreSQL, its own connections. */
let other: { database: Database; dataDir: string };

function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ukr-blog-images-"));
  folders.push(dir);
  return dir;
}

beforeAll(async () => {
  other = { database: database.url ? await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 }) : database, dataDir: folder() };
});
afterAll(async () => {
  if (database.url) await other.database.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 242, g: 176, b: 30 } } })
    .png()
    .toBuffer();
}

async function storedNames(): Promise<string[]> {
  return (await database.db.select({ name: uploadedImages.name }).from(uploadedImages)).map((row) => row.name).sort();
}

/** GET /uploads/{splat} on the other instance. */
function get(splat: string, headers: Record<string, string> = {}) {
  const runtime = { settings: loadSettings({ DATA_DIR: other.dataDir }), database: other.database, db: other.database.db } as Runtime;
  const context = new RouterContextProvider();
  context.set(runtimeContext, runtime);
  const request = new Request(`https://site.example/uploads/${splat}`, { headers });
  return uploadsLoader({ params: { "*": splat }, context, request } as unknown as Parameters<typeof uploadsLoader>[0]);
}

describe(`saveHeroImage (${testEngine})`, () => {
  it("stores a real PNG as WebP at 1600 and 800 px wide in the database, with its size and hash", async () => {
    const saved = await saveHeroImage(database.db, await png(2400, 1350));
    expect(saved.path).toMatch(/^\/uploads\/blog\/[0-9a-f-]{36}-1600\.webp$/);
    expect(saved).toMatchObject({ width: 1600, height: 900 });
    const base = saved.path.replace("/uploads/", "").replace("-1600.webp", "");
    expect(await storedNames()).toEqual([`${base}-1600.webp`, `${base}-800.webp`]);
    for (const row of await database.db.select().from(uploadedImages)) {
      const width = row.name.endsWith("-1600.webp") ? 1600 : 800;
      expect(await sharp(row.bytes).metadata()).toMatchObject({ format: "webp", width });
      expect(row).toMatchObject({ contentType: "image/webp", sizeBytes: row.bytes.byteLength, sha256: createHash("sha256").update(row.bytes).digest("hex") });
    }
  });

  it("never enlarges a small image, and takes JPEG and WebP too", async () => {
    expect(await saveHeroImage(database.db, await png(640, 360))).toMatchObject({ width: 640, height: 360 });
    const jpeg = await sharp({ create: { width: 900, height: 500, channels: 3, background: "#0f2140" } }).jpeg().toBuffer();
    const webp = await sharp({ create: { width: 900, height: 500, channels: 3, background: "#0f2140" } }).webp().toBuffer();
    await expect(saveHeroImage(database.db, jpeg)).resolves.toMatchObject({ width: 900 });
    await expect(saveHeroImage(database.db, webp)).resolves.toMatchObject({ width: 900 });
  });

  it("refuses a text file named .png, a GIF and an SVG (checked by content), storing nothing", async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } }).gif().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    for (const bytes of [Buffer.from("This is not an image, just text named holiday.png\n"), gif, svg]) {
      await expect(saveHeroImage(database.db, bytes)).rejects.toBeInstanceOf(ValidationError);
    }
    expect(await storedNames()).toEqual([]);
  });

  it("refuses more than 5 MB with 413", async () => {
    const error = await saveHeroImage(database.db, new Uint8Array(MAX_IMAGE_BYTES + 1)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect((error as ImageTooLargeError).status).toBe(413);
  });
});

describe(`the uploads route (${testEngine})`, () => {
  it("serves on another instance an image one instance stored: its type, a one-year immutable cache and an ETag", async () => {
    const saved = await saveHeroImage(database.db, await png(1000, 500));
    const response = await get(saved.path.replace("/uploads/", ""));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(bytes.byteLength));
    expect(response.headers.get("etag")).toBe(`"${createHash("sha256").update(bytes).digest("hex")}"`);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 1000 });

    const again = await get(saved.path.replace("/uploads/", ""), { "if-none-match": response.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("refuses every name outside blog/<letters, digits, dashes>.webp, and one never stored", async () => {
    // A file in the data folder is not served: only what the database holds is.
    mkdirSync(path.join(other.dataDir, "uploads", "blog"), { recursive: true });
    writeFileSync(path.join(other.dataDir, "secret.webp"), "secret");
    writeFileSync(path.join(other.dataDir, "uploads", "blog", "stray-file.webp"), "stray");
    const names = [
      "blog/../../secret.webp",
      "blog/..%2F..%2Fsecret.webp",
      "../secret.webp",
      "other.webp",
      "blog/Upper.webp",
      "blog/a.png",
      "blog/a.webp/..",
      "blog/sub/a.webp",
      "blog/a b.webp",
      "blog/.webp.webp/../x",
      "blog\\..\\secret.webp",
      "/etc/passwd",
      "blog/missing-file.webp",
      "blog/stray-file.webp",
    ];
    for (const name of names) {
      const response = await get(name);
      expect(response.status, name).toBe(404);
      expect(response.headers.get("cache-control"), name).toBe("no-store");
    }
  });
});

describe(`images an earlier version wrote to DATA_DIR (${testEngine})`, () => {
  it("are taken into the database at start, once; anything that is not a WebP the site wrote is left out", async () => {
    const dataDir = folder();
    const uploads = path.join(dataDir, "uploads", "blog");
    mkdirSync(uploads, { recursive: true });
    const webp = await sharp(await png(800, 400)).webp().toBuffer();
    writeFileSync(path.join(uploads, "0f9c7c2e-5b1a-4c55-9a52-3e1d2f6a7b80-1600.webp"), webp);
    writeFileSync(path.join(uploads, "0f9c7c2e-5b1a-4c55-9a52-3e1d2f6a7b80-800.webp"), webp);
    writeFileSync(path.join(uploads, "not-an-image.webp"), "<svg onload=alert(1)>");
    writeFileSync(path.join(uploads, "Upper-Case.webp"), webp);
    writeFileSync(path.join(uploads, "notes.txt"), "hello");

    expect(await importUploadedFiles(database.db, dataDir)).toEqual({ imported: 2, skipped: 3 });
    expect(await storedNames()).toEqual(["blog/0f9c7c2e-5b1a-4c55-9a52-3e1d2f6a7b80-1600.webp", "blog/0f9c7c2e-5b1a-4c55-9a52-3e1d2f6a7b80-800.webp"]);
    const served = await get("blog/0f9c7c2e-5b1a-4c55-9a52-3e1d2f6a7b80-1600.webp");
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(webp)).toBe(true);

    // Every instance (and every restart) runs it: what is already stored is not read again.
    expect(await importUploadedFiles(database.db, dataDir)).toEqual({ imported: 0, skipped: 3 });
    // The files stay, so a rollback to the version that reads them still finds them.
    expect(existsSync(path.join(uploads, "0f9c7c2e-5b1a-4c55-9a52-3e1d2f6a7b80-1600.webp"))).toBe(true);
  });

  it("a data folder without uploads takes nothing in", async () => {
    expect(await importUploadedFiles(database.db, folder())).toEqual({ imported: 0, skipped: 0 });
  });
});
