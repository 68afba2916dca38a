import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, minifySync, type Plugin } from "vite";
import { APP_STARTER_SOURCE } from "./app/lib/app-start.ts";
import { clientChunkGroups } from "./vite.client-chunks.ts";

const alias = [
  { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
  { find: "#db", replacement: fileURLToPath(new URL("./db", import.meta.url)) },
  // zod without its eval probe, which the Content-Security-Policy reports (app/lib/zod-without-eval.ts).
  { find: /^zod$/, replacement: fileURLToPath(new URL("./app/lib/zod-without-eval.ts", import.meta.url)) },
];

/** The marketing pages' inline starter, minified: every such page carries it (app/lib/app-start.ts). */
function minifiedStarter(): string {
  const { code, errors } = minifySync("app-starter.js", APP_STARTER_SOURCE);
  if (errors.length) throw new Error(`The app starter does not minify: ${errors.map((error) => error.message).join("; ")}`);
  return code;
}

/**
 * lucide-react names every icon in its class ("lucide lucide-arrow-right"), which nothing here
 * styles or selects: on the home page those names were 166 of its Brotli bytes. Its icon
 * builder can leave them out (`includeDefaultClasses`) but its React component does not ask;
 * this asks. A lucide-react whose component no longer reads as expected fails the build.
 */
function lucideWithoutDefaultClasses(): Plugin {
  const anchor = "hasA11yProp: hasAccessibleProp,";
  return {
    name: "lucide-without-default-classes",
    transform(code, id) {
      if (!/[\\/]lucide-react[\\/]dist[\\/]esm[\\/]Icon\.mjs$/.test(id.split("?")[0]!)) return undefined;
      if (!code.includes(anchor)) throw new Error(`lucide-react's Icon no longer passes "${anchor}": update lucideWithoutDefaultClasses in vite.config.ts`);
      return code.replace(anchor, `${anchor} includeDefaultClasses: false,`);
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), lucideWithoutDefaultClasses()],
  define: { __APP_STARTER_MINIFIED__: JSON.stringify(minifiedStarter()) },
  resolve: { alias },
  // The production server entry bundles the app, so the database runtime and
  // the route modules share one module graph (one lock, one pool).
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/index.ts" } } },
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: clientChunkGroups } } } } },
  },
  // Bundled into the server build, so only the icons the site uses are in it: loaded whole from
  // node_modules, lucide-react's thousands of icon modules held about 36 MB of the server's memory.
  ssr: { noExternal: ["lucide-react"] },
  server: { port: 3000 },
});
