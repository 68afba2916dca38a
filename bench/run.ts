// `npm run bench`: throughput and latency numbers, the server's memory after a warm-up of a
// few dozen page views (issue 19, PostgreSQL and PGlite), the JavaScript each public route
// makes a first visit download, and Lighthouse scores (mobile defaults) for six public pages.
// Printed, never asserted as pass/fail (a test never asserts a wall-clock time). Loopback
// only; every loop is bounded. One part alone: `npm run bench -- throughput`, `-- memory`,
// `-- js`, `-- render` (the browser's own work to show a page), `-- lighthouse` (several may be named). BUILD_DIR picks the build (built when missing).
// `npm run bench -- scale` (issue 20's years of data; long, so never part of the default run):
// `--size=small|medium|large` (PostgreSQL's data set, large by default), `--engines=postgres,pglite`,
// `--seconds=10` and `--connections=10` for its loads.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { printJsPerRoute } from "./js-per-route.ts";
import { memoryBench } from "./memory.ts";
import { SCALE_SIZES, type ScaleSizeName } from "./scale-data.ts";
import type { ScaleOptions } from "./scale.ts";
import { root } from "./support.ts";
import { throughputBench } from "./throughput.ts";

const PARTS = ["throughput", "memory", "js", "render", "lighthouse", "scale"] as const;
type Part = (typeof PARTS)[number];
/** What a bare `npm run bench` runs: scale fills databases of half a million rows, so it runs only when named. */
const DEFAULT_PARTS: Part[] = ["throughput", "memory", "js", "render", "lighthouse"];

function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

function chosenParts(args: string[]): Set<Part> {
  const named = args.filter((arg) => !arg.startsWith("--"));
  const unknown = named.filter((arg) => !PARTS.includes(arg as Part));
  if (unknown.length) refuse(`Unknown bench part ${unknown.join(", ")}: choose from ${PARTS.join(", ")}.`);
  return new Set(named.length ? (named as Part[]) : DEFAULT_PARTS);
}

/** The scale part's options, from `--name=value` arguments. */
function scaleOptions(args: string[]): ScaleOptions {
  const given = new Map(args.filter((arg) => arg.startsWith("--")).map((arg) => [arg.slice(2).split("=")[0]!, arg.split("=").slice(1).join("=")]));
  const unknown = [...given.keys()].filter((name) => !["size", "engines", "seconds", "connections"].includes(name));
  if (unknown.length) refuse(`Unknown option ${unknown.map((name) => `--${name}`).join(", ")}: the scale part takes --size, --engines, --seconds and --connections.`);
  const size = given.get("size") ?? "large";
  if (!(size in SCALE_SIZES)) refuse(`--size must be one of ${Object.keys(SCALE_SIZES).join(", ")}.`);
  const engines = (given.get("engines") ?? "postgres,pglite").split(",");
  if (engines.some((engine) => engine !== "postgres" && engine !== "pglite")) refuse("--engines lists postgres and/or pglite, e.g. --engines=postgres.");
  const whole = (name: string, fallback: number) => {
    const value = Number(given.get(name) ?? fallback);
    return Number.isInteger(value) && value > 0 ? value : refuse(`--${name} must be a whole number above 0.`);
  };
  return { size: size as ScaleSizeName, engines: engines as ScaleOptions["engines"], seconds: whole("seconds", 10), connections: whole("connections", 10) };
}

async function main() {
  const args = process.argv.slice(2);
  const parts = chosenParts(args);
  const scale = parts.has("scale") ? scaleOptions(args) : undefined;
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const busy = os.loadavg().map((value) => value.toFixed(2)).join(", ");
  console.log(`Benchmarks on ${os.cpus().length} CPUs (load average ${busy}), Node ${process.version}, ${new Date().toISOString()}. Numbers, not verdicts.\n`);
  if (parts.has("throughput")) await throughputBench();
  if (parts.has("memory")) await memoryBench();
  if (parts.has("js")) printJsPerRoute(path.join(buildDir, "client"));
  if (parts.has("render")) await (await import("./render.ts")).renderBench();
  // Lighthouse is a large module: loaded only when its part runs.
  if (parts.has("lighthouse")) await (await import("./lighthouse.ts")).lighthouseBench();
  if (scale) await (await import("./scale.ts")).scaleBench(scale);
}

await main();
