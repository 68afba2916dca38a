import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ImageTooLargeError, readEditorForm } from "./images.server.ts";

// The editor's form is capped before it is read; storing and serving images is in images.db.test.ts.

function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 242, g: 176, b: 30 } } })
    .png()
    .toBuffer();
}

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
