// Finds a Chromium for the end-to-end tests: CHROMIUM_PATH, Debian's /usr/bin/chromium,
// or a browser in Playwright's cache. `node scripts/chromium.mjs --ensure` installs
// Debian's chromium with apt-get when none is found and we are root.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH ?? path.join(os.homedir(), ".cache/ms-playwright");
  if (existsSync(cache)) {
    for (const dir of readdirSync(cache).filter((name) => name.startsWith("chromium")).sort().reverse()) {
      candidates.push(path.join(cache, dir, "chrome-linux/chrome"), path.join(cache, dir, "chrome-linux64/chrome"));
    }
  }
  return candidates.find((candidate) => candidate && existsSync(candidate));
}

function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (isRoot && hasApt) {
    console.log("No Chromium found: installing Debian's chromium with apt-get (once)...");
    execFileSync("apt-get", ["update"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    "No Chromium found for the end-to-end tests.\n" +
      "Install one (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary.",
  );
  process.exit(1);
}

if (process.argv.includes("--ensure")) {
  console.log(`Chromium: ${ensureChromium()}`);
}
