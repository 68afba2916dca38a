/** An SVG QR code for a URL, in the site's navy on white, rendered on the server. */
export async function qrCodeSvg(url: string): Promise<string> {
  // Loaded at first use: the marketing pages draw no QR code.
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(url, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 1,
    color: { dark: "#0a1628", light: "#ffffff" },
  });
  // The wrapper carries the accessible name; the drawing itself is decoration.
  return svg.replace("<svg ", '<svg aria-hidden="true" focusable="false" ');
}
