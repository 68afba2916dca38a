/** The mean difference per channel (0-255) between two raw pixel buffers of the same size and layout. */
export function meanDifference(a: Buffer, b: Buffer): number {
  if (a.length !== b.length) throw new Error(`Images of different sizes: ${a.length} and ${b.length} bytes`);
  let total = 0;
  for (let at = 0; at < a.length; at += 1) total += Math.abs(a[at]! - b[at]!);
  return total / a.length;
}
