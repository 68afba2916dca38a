import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "#db": fileURLToPath(new URL("./db", import.meta.url)),
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias },
  // The production server entry bundles the app, so the database runtime and
  // the route modules share one module graph (one lock, one pool).
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/index.ts" } } },
  },
  server: { port: 3000 },
});
