// The JavaScript a first visit to each public route downloads, from the client build's React
// Router manifest: the entry and its imports, the route chain's modules (root → layout → page)
// and their static imports (what the server's HTML imports). The manifest file itself is not
// fetched: with lazy route discovery the page carries the part it needs inline.
// Chunks loaded later (dialogs, players, lazy sections) are not counted: that is the point.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] };
type ClientManifest = { url?: string; entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

export type RouteJs = { route: string; files: number; rawKb: number; gzipKb: number; brotliKb: number; appGzipKb: number };


function readManifest(clientDir: string): ClientManifest {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}: build the site first`);
  const source = readFileSync(path.join(assets, file), "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  return JSON.parse(json) as ClientManifest;
}

function routePath(manifest: ClientManifest, id: string): string {
  const parts: string[] = [];
  for (let route = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** One row per public route, heaviest first. `clientDir` is BUILD_DIR/client. */
export function jsPerRoute(clientDir: string): RouteJs[] {
  const manifest = readManifest(clientDir);
  const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
  const size = (url: string) => {
    let known = sizes.get(url);
    if (!known) {
      const bytes = readFileSync(path.join(clientDir, url));
      known = {
        raw: bytes.byteLength,
        gzip: gzipSync(bytes).byteLength,
        brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).byteLength,
      };
      sizes.set(url, known);
    }
    return known;
  };
  const shared = new Set([manifest.entry.module, ...manifest.entry.imports]);

  // The public pages: the public layout's children and the business card (admin pages are behind sign-in).
  const ids = Object.keys(manifest.routes).filter(
    (id) => manifest.routes[id]!.parentId === "routes/public/layout" || id === "routes/public/business-card",
  );
  const rows = ids.map((id) => {
    const files = new Set(shared);
    for (let route = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
      files.add(route.module);
      for (const imported of route.imports ?? []) files.add(imported);
    }
    const total = { raw: 0, gzip: 0, brotli: 0 };
    for (const url of files) {
      const one = size(url);
      total.raw += one.raw;
      total.gzip += one.gzip;
      total.brotli += one.brotli;
    }
    const app = [...files].filter((url) => !shared.has(url));
    return {
      route: routePath(manifest, id),
      files: files.size,
      rawKb: kb(total.raw),
      gzipKb: kb(total.gzip),
      brotliKb: kb(total.brotli),
      appGzipKb: kb(app.reduce((sum, url) => sum + size(url).gzip, 0)),
    };
  });
  return rows.sort((a, b) => b.gzipKb - a.gzipKb);
}

export function printJsPerRoute(clientDir: string) {
  const rows = jsPerRoute(clientDir);
  console.log(
    "JavaScript a first visit downloads, per public route, in KB, compressed as the server compresses (gzip level 6,\n" +
      "brotli quality 4, which browsers get). \"app\": all but the entry and its imports (React, React Router).",
  );
  console.table(
    rows.map((row) => ({
      route: row.route,
      files: row.files,
      "raw KB": row.rawKb,
      "gzip KB": row.gzipKb,
      "brotli KB": row.brotliKb,
      "of which app gzip KB": row.appGzipKb,
    })),
  );
  console.log("");
}
