import { BarcodeDetector, prepareZXingModule } from "barcode-detector/ponyfill";
import readerWasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

// The QR decoder for browsers without a BarcodeDetector of their own (Safari on an iPhone,
// Firefox, Chrome on Windows and Linux; docs/decisions/025). The `barcode-detector` ponyfill
// has the standard's API over ZXing compiled to WebAssembly; its .wasm file is one of the
// site's own assets (by default the library would fetch it from a CDN). Imported only when
// staff press "Scan with camera" and the browser has no detector, so no other page loads it.

/**
 * A detector for QR codes only, as the door's tickets carry, once its decoder has loaded:
 * a decoder that cannot load (offline, blocked) rejects here, so the page can say scanning
 * is not available instead of watching the camera in vain.
 */
export async function bundledQrDetector() {
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? readerWasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ["qr_code"] });
}
