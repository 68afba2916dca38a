// Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of the build's
// hashed assets, at the strongest settings, once, after `react-router build`. The server sends
// these as they are (express-static-gzip, server/index.ts): no CPU per request, and smaller
// than what it compresses on the fly (Brotli quality 11 against the middleware's 4; the
// stylesheet 15.6 KB -> 12.9 KB). Hashed assets never change under their name, so the copies
// never go stale; a new build writes new files.
//
//   node scripts/precompress.mjs          (run by `npm run build`; BUILD_DIR as the build)
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const assets = path.resolve(root, process.env.BUILD_DIR ?? "build", "client", "assets");

/** Text formats; fonts and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map)$/;
/** Below this, compression saves less than the headers it adds. */
const MIN_BYTES = 1024;

let before = 0;
let after = 0;
let count = 0;
for (const name of readdirSync(assets)) {
  const file = path.join(assets, name);
  if (!COMPRESSIBLE.test(name) || !statSync(file).isFile()) continue;
  const source = readFileSync(file);
  if (source.length < MIN_BYTES) continue;
  const br = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(source, { level: constants.Z_BEST_COMPRESSION }));
  before += source.length;
  after += br.length;
  count++;
}
console.log(`precompressed ${count} assets: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB (Brotli), beside each file in ${path.relative(root, assets)}`);
