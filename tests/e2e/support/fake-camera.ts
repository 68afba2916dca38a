import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import QRCode from "qrcode";

// A camera for Chromium that shows a QR code: Chromium's fake capture device plays a Y4M file
// in a loop (--use-file-for-fake-video-capture). The frame is grey-scale 4:2:0: black modules on
// white, with the quiet zone the QR standard asks for.

const WIDTH = 640;
const HEIGHT = 480;

/** Writes a Y4M video of `text` as a QR code; returns its path. */
export function qrCodeVideo(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 4;
  const scale = Math.floor((HEIGHT - 40) / (modules.size + 2 * quiet));
  const left = Math.floor((WIDTH - modules.size * scale) / 2);
  const top = Math.floor((HEIGHT - modules.size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) luma.fill(16, (top + row * scale + y) * WIDTH + left + col * scale, (top + row * scale + y) * WIDTH + left + (col + 1) * scale);
    }
  }
  const chroma = Buffer.alloc(WIDTH * HEIGHT / 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  const file = join(mkdtempSync(join(tmpdir(), "fake-camera-")), "qr.y4m");
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
  return file;
}

/** Chromium's switches for a camera that shows `video`, allowed without a prompt. */
export function fakeCameraArgs(video: string): string[] {
  return ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`];
}
