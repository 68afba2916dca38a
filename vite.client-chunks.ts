import type { Rolldown } from "vite";

// Fewer, larger chunks for the browser. By default every icon and small helper is its own file,
// and a first visit over HTTP/1.1 (6 connections at a time) queues behind ~45 of them. Three
// shared files instead: React with React Router; "site", what the root and the public layout
// load (every page needs it anyway); "pages", the site's own small modules and icons that two
// or more public pages share (a page may get a few KB it does not run). Libraries a few pages
// share (form schemas, tabs), and whatever only the admin portal or a lazy chunk loads, keep
// Rolldown's own split.

const ROUTE_MODULE = /\?__react-router-build-client-route/;
const PUBLIC_ROUTE_MODULE = /[\\/]app[\\/](root\.tsx|routes[\\/]public[\\/])/;
const EVERY_PAGE_ROUTE = /[\\/]app[\\/](root\.tsx|routes[\\/]public[\\/]layout\.tsx)/;
const APP_MODULE = /[\\/]app[\\/]/;
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
// The starter's module goes with the entry, which imports its event name: in "site" it would make
// the two chunks import each other.
const ENTRY = /[\\/]entry\.client\.tsx$|[\\/]app[\\/]lib[\\/]app-start\.ts$|rolldown[\\/]runtime\.js$/;
const LIGHT_LIBRARY = /node_modules[\\/](lucide-react|clsx)[\\/]/;
const ICON_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/** The names lucide-react's index exports the icon in `iconFile` under (CircleAlert, CircleAlertIcon…). */
function iconNames(indexCode: string, iconFile: string): RegExp | undefined {
  const file = iconFile.split(/[\\/]/).pop()!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const line = new RegExp(`export \\{([^}]*)\\} from '\\./icons/${file}'`).exec(indexCode);
  const names = line?.[1]?.match(/as (\w+)/g)?.map((name) => name.slice(3));
  return names?.length ? new RegExp(`\\b(${names.join("|")})\\b`) : undefined;
}

const routesOf = new Map<string, string[]>();

/**
 * The public route modules (and the root) that load `id` statically. lucide-react's index
 * imports every icon, so through it only the modules that name this icon count.
 */
function publicRoutesLoading(id: string, context: Rolldown.ChunkingContext): string[] {
  if (ROUTE_MODULE.test(id)) return [];
  const known = routesOf.get(id);
  if (known) return known;
  const routes: string[] = [];
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length) {
    const current = queue.pop()!;
    if (ICON_INDEX.test(current)) continue;
    let importers = context.getModuleInfo(current)?.importers ?? [];
    const index = importers.find((importer) => ICON_INDEX.test(importer));
    if (index) {
      const names = iconNames(context.getModuleInfo(index)?.code ?? "", current);
      const users = context.getModuleInfo(index)?.importers ?? [];
      importers = [...importers, ...users.filter((user) => names?.test(context.getModuleInfo(user)?.code ?? ""))];
    }
    for (const importer of importers) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      if (!ROUTE_MODULE.test(importer)) queue.push(importer);
      else if (PUBLIC_ROUTE_MODULE.test(importer)) routes.push(importer);
    }
  }
  routesOf.set(id, routes);
  return routes;
}

/** Whether `id` imports, directly or not, a library besides React and the icons (a group would take it along). */
function importsLibrary(id: string, context: Rolldown.ChunkingContext): boolean {
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length) {
    for (const imported of context.getModuleInfo(queue.pop()!)?.importedIds ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      if (!/node_modules/.test(imported)) queue.push(imported);
      else if (!FRAMEWORK.test(imported) && !LIGHT_LIBRARY.test(imported)) return true;
    }
  }
  return false;
}

function loadedOnEveryPage(id: string, context: Rolldown.ChunkingContext): boolean {
  return publicRoutesLoading(id, context).some((route) => EVERY_PAGE_ROUTE.test(route));
}

function sharedByPages(id: string, context: Rolldown.ChunkingContext): boolean {
  if (!APP_MODULE.test(id) && !LIGHT_LIBRARY.test(id)) return false;
  return publicRoutesLoading(id, context).length >= 2 && !importsLibrary(id, context);
}

export const clientChunkGroups: Rolldown.CodeSplittingGroup[] = [
  // React Router's browser entry and Rolldown's runtime join it: tiny files of their own would
  // each cost a request before the first paint.
  { name: "framework", test: (id) => FRAMEWORK.test(id) || ENTRY.test(id), priority: 3 },
  { name: (id, context) => (loadedOnEveryPage(id, context) ? "site" : null), priority: 2 },
  { name: (id, context) => (sharedByPages(id, context) ? "pages" : null), priority: 1 },
];
