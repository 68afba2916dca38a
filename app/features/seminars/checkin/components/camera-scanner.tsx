import { Camera, CameraOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated.ts";

// 'Scan with camera' (docs/decisions/025): the browser's own BarcodeDetector where it reads
// QR codes (Chrome on Android, macOS and ChromeOS, for example), and elsewhere the site's own
// decoder (bundled-qr-detector.ts), loaded only then. Where neither can run, or there is no
// camera, the button says so and the code field stays the way in.

type DetectedBarcode = { rawValue: string };
type BarcodeDetectorInstance = { detect(source: HTMLVideoElement): Promise<DetectedBarcode[]> };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats?: () => Promise<string[]>;
};

type ScannerState = "idle" | "starting" | "scanning" | "unsupported" | "blocked";

/** How often a frame is looked at, and how long the same code is not sent again. */
const FRAME_MS = 250;
const SAME_CODE_MS = 4000;

async function qrDetector(): Promise<BarcodeDetectorInstance | undefined> {
  if (!navigator.mediaDevices?.getUserMedia) return undefined;
  const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  const nativeFormats = Native ? await Native.getSupportedFormats?.().catch(() => []) : [];
  if (Native && (nativeFormats ?? ["qr_code"]).includes("qr_code")) return new Native({ formats: ["qr_code"] });
  const { bundledQrDetector } = await import("./bundled-qr-detector.ts");
  return await bundledQrDetector();
}

/** The camera button and its viewfinder; each QR code read goes to `onCode` (the same check-in as the form). */
export function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<ScannerState>("idle");
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  const last = useRef({ text: "", at: 0 });
  const send = useRef(onCode);
  send.current = onCode;

  useEffect(() => stop, []);

  function stop() {
    clearInterval(timer.current);
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  }

  async function start() {
    setState("starting");
    const detector = await qrDetector().catch(() => undefined);
    if (!detector) {
      setState("unsupported");
      return;
    }
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    } catch {
      setState("blocked");
      return;
    }
    const element = video.current!;
    element.srcObject = stream.current;
    await element.play().catch(() => undefined);
    setState("scanning");
    let busy = false;
    timer.current = setInterval(() => {
      if (busy || element.readyState < 2) return;
      busy = true;
      detector
        .detect(element)
        .then((codes) => {
          const text = codes[0]?.rawValue?.trim();
          if (!text) return;
          const now = Date.now();
          if (text === last.current.text && now - last.current.at < SAME_CODE_MS) return;
          last.current = { text, at: now };
          send.current(text);
        })
        .catch(() => undefined)
        .finally(() => (busy = false));
    }, FRAME_MS);
  }

  // Without JavaScript there is no camera: the button is not offered at all.
  if (!hydrated) return null;
  const scanning = state === "scanning" || state === "starting";
  return (
    <div className="space-y-3">
      <button
        type="button"
        onClick={() => {
          if (scanning) {
            stop();
            setState("idle");
          } else void start();
        }}
        className="inline-flex min-h-12 w-full cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-ink-900 bg-white px-4 py-3 text-base font-semibold text-ink-900 hover:bg-ink-100"
      >
        {scanning ? <CameraOff aria-hidden="true" className="size-5" /> : <Camera aria-hidden="true" className="size-5" />}
        {scanning ? "Stop the camera" : "Scan with camera"}
      </button>
      <p role="status" className="text-sm text-ink-800" data-testid="scanner-status">
        {state === "unsupported"
          ? "Scanning with the camera isn't available in this browser. Type the code, use a hand scanner, or search by name."
          : state === "blocked"
            ? "The camera could not be opened. Allow camera access for this site, or type the code."
            : state === "scanning"
              ? "Point the camera at the ticket's QR code."
              : ""}
      </p>
      <video ref={video} muted playsInline aria-label="Camera view for scanning tickets" hidden={state !== "scanning"} className="aspect-square w-full rounded-lg bg-ink-950 object-cover" />
    </div>
  );
}
