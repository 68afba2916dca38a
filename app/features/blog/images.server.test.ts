import { mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { ValidationError } from "~/lib/errors.ts";
import { loadSettings } from "~/lib/env.server.ts";
import { runtimeContext, type Runtime } from "~/lib/runtime.server.ts";
import { loader as uploadsLoader } from "../../routes/api/uploads.ts";
import { ImageTooLargeError, MAX_IMAGE_BYTES, readEditorForm, saveHeroImage, uploadedFilePath } from "./images.server.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "ukr-blog-images-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 242, g: 176, b: 30 } } })
    .png()
    .toBuffer();
}

describe("saveHeroImage", () => {
  it("resizes a real PNG to WebP at 1600 and 800 px wide", async () => {
    const saved = await saveHeroImage(dataDir, await png(2400, 1350));
    expect(saved.path).toMatch(/^\/uploads\/blog\/[0-9a-f-]{36}-1600\.webp$/);
    expect(saved).toMatchObject({ width: 1600, height: 900 });
    const name = saved.path.split("/").pop()!;
    for (const [file, width] of [
      [name, 1600],
      [name.replace("-1600", "-800"), 800],
    ] as const) {
      const meta = await sharp(path.join(dataDir, "uploads", "blog", file)).metadata();
      expect(meta).toMatchObject({ format: "webp", width });
    }
  });

  it("never enlarges a small image", async () => {
    const saved = await saveHeroImage(dataDir, await png(640, 360));
    expect(saved).toMatchObject({ width: 640, height: 360 });
  });

  it("takes JPEG and WebP too", async () => {
    const jpeg = await sharp({ create: { width: 900, height: 500, channels: 3, background: "#0f2140" } }).jpeg().toBuffer();
    const webp = await sharp({ create: { width: 900, height: 500, channels: 3, background: "#0f2140" } }).webp().toBuffer();
    await expect(saveHeroImage(dataDir, jpeg)).resolves.toMatchObject({ width: 900 });
    await expect(saveHeroImage(dataDir, webp)).resolves.toMatchObject({ width: 900 });
  });

  it("refuses a text file named .png, a GIF and an SVG (checked by content), writing nothing", async () => {
    const before = readdirSync(path.join(dataDir, "uploads", "blog")).length;
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } }).gif().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    for (const bytes of [Buffer.from("This is not an image, just text named holiday.png\n"), gif, svg]) {
      await expect(saveHeroImage(dataDir, bytes)).rejects.toBeInstanceOf(ValidationError);
    }
    expect(readdirSync(path.join(dataDir, "uploads", "blog"))).toHaveLength(before);
  });

  it("refuses more than 5 MB with 413", async () => {
    const error = await saveHeroImage(dataDir, new Uint8Array(MAX_IMAGE_BYTES + 1)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect((error as ImageTooLargeError).status).toBe(413);
  });
});

describe("readEditorForm", () => {
  const url = "https://site.example/admin/blog/new";

  it("refuses a declared body over the cap with 413 before reading it", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request(url, { method: "POST", body, duplex: "half", headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(7 * 1024 * 1024) } } as RequestInit);
    await expect(readEditorForm(request)).rejects.toBeInstanceOf(ImageTooLargeError);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("stops reading an undeclared body once it passes the cap", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const request = new Request(url, { method: "POST", body, duplex: "half", headers: { "content-type": "multipart/form-data; boundary=x" } } as RequestInit);
    const error = await readEditorForm(request).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect((error as ImageTooLargeError).status).toBe(413);
    expect(sent).toBeLessThan(8 * 1024 * 1024);
  });

  it("reads a multipart form with an image", async () => {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("heroImageFile", new File([await png(20, 10)], "hero.png", { type: "image/png" }));
    const parsed = await readEditorForm(new Request(url, { method: "POST", body: form }));
    expect(parsed.get("intent")).toBe("upload");
    expect(parsed.get("heroImageFile")).toBeInstanceOf(File);
  });
});

describe("the uploads route", () => {
  const runtime = { settings: loadSettings({ DATA_DIR: dataDir }) } as Runtime;
  const context = new RouterContextProvider();
  context.set(runtimeContext, runtime);
  const get = (splat: string) =>
    uploadsLoader({ params: { "*": splat }, context, request: new Request(`https://site.example/uploads/${splat}`) } as unknown as Parameters<typeof uploadsLoader>[0]);

  it("serves an uploaded WebP with its type and a one-year immutable cache", async () => {
    const saved = await saveHeroImage(dataDir, await png(1000, 500));
    const response = await get(saved.path.replace("/uploads/", ""));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format).toBe("webp");
  });

  it("refuses every name outside blog/<letters, digits, dashes>.webp", async () => {
    mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
    writeFileSync(path.join(dataDir, "secret.webp"), "secret");
    writeFileSync(path.join(dataDir, "uploads", "other.webp"), "other");
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
    ];
    for (const name of names) {
      expect((await get(name)).status, name).toBe(404);
    }
  });

  it("maps only plain names to files", () => {
    expect(uploadedFilePath("/data", "blog/abc-1600.webp")).toBe(path.join("/data", "uploads", "blog", "abc-1600.webp"));
    expect(uploadedFilePath("/data", "blog/../x.webp")).toBeNull();
    expect(uploadedFilePath("/data", undefined)).toBeNull();
  });
});
