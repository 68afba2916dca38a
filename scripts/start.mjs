// `npm start`: builds when no build exists, then runs the production server.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");

// Settings from a .env file, when there is one; real environment variables win.
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const serverEntry = path.join(buildDir, "server/index.js");

if (!existsSync(serverEntry) || process.argv.includes("--rebuild")) {
  console.log("No build found: building the site first (npm run build)...");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= "production";
const { startServer } = await import(pathToFileURL(serverEntry).href);
try {
  await startServer({ clientDir: path.join(buildDir, "client") });
} catch (error) {
  console.error(`\nThe site could not start: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
}
