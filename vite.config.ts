import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { clientChunkGroups } from "./vite.client-chunks.ts";

const alias = [
  { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
  { find: "#db", replacement: fileURLToPath(new URL("./db", import.meta.url)) },
  // zod without its eval probe, which the Content-Security-Policy reports (app/lib/zod-without-eval.ts).
  { find: /^zod$/, replacement: fileURLToPath(new URL("./app/lib/zod-without-eval.ts", import.meta.url)) },
];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
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
