// `npm run bench`: throughput and latency numbers, the JavaScript each public route makes a
// first visit download, and Lighthouse scores (mobile defaults) for six public pages. Printed,
// never asserted as pass/fail (a test never asserts a wall-clock time). Loopback only; every
// loop is bounded. One part alone: `npm run bench -- throughput`, `npm run bench -- js`,
// `npm run bench -- lighthouse` (several may be named). BUILD_DIR picks the build (built when missing).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { printJsPerRoute } from "./js-per-route.ts";
import { root } from "./support.ts";
import { throughputBench } from "./throughput.ts";

const PARTS = ["throughput", "js", "lighthouse"] as const;
type Part = (typeof PARTS)[number];

function chosenParts(args: string[]): Set<Part> {
  const unknown = args.filter((arg) => !PARTS.includes(arg as Part));
  if (unknown.length) {
    console.error(`Unknown bench part ${unknown.join(", ")}: choose from ${PARTS.join(", ")}.`);
    process.exit(2);
  }
  return new Set(args.length ? (args as Part[]) : PARTS);
}

async function main() {
  const parts = chosenParts(process.argv.slice(2));
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const busy = os.loadavg().map((value) => value.toFixed(2)).join(", ");
  console.log(`Benchmarks on ${os.cpus().length} CPUs (load average ${busy}), Node ${process.version}, ${new Date().toISOString()}. Numbers, not verdicts.\n`);
  if (parts.has("throughput")) await throughputBench();
  if (parts.has("js")) printJsPerRoute(path.join(buildDir, "client"));
  // Lighthouse is a large module: loaded only when its part runs.
  if (parts.has("lighthouse")) await (await import("./lighthouse.ts")).lighthouseBench();
}

await main();
