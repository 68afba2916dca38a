import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// A newcomer's `npm install` (npm 11) is quiet: every dependency that has an install script is
// approved in package.json's allowScripts (npm skips unapproved ones and warns), and each comes
// in one version. esbuild is the only one: tsx and vite run it, and drizzle-kit's older copies
// (its own ^0.25 and @esbuild-kit's 0.18, a loader drizzle-kit never loads) are pinned to the
// same version by package.json's overrides, so there is one binary to approve and download.

type Lockfile = { packages: Record<string, { name?: string; version?: string; hasInstallScript?: boolean }> };
type PackageJson = { allowScripts?: Record<string, boolean>; overrides?: Record<string, unknown> };

const root = new URL("../", import.meta.url);
const lockfile = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")) as Lockfile;
const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as PackageJson;

/** Each package in the lockfile that runs a script at install, as name and version. */
function withInstallScripts(): { name: string; version: string }[] {
  return Object.entries(lockfile.packages)
    .filter(([location, entry]) => location !== "" && entry.hasInstallScript)
    .map(([location, entry]) => ({ name: entry.name ?? location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length), version: entry.version ?? "" }));
}

describe("install scripts", () => {
  it("are all approved in package.json's allowScripts", () => {
    const allowed = manifest.allowScripts ?? {};
    const unapproved = withInstallScripts()
      .filter(({ name, version }) => allowed[name] !== true && allowed[`${name}@${version}`] !== true)
      .map(({ name, version }) => `${name}@${version}`);
    expect(unapproved, "approve them (npm install-scripts approve <name>) or drop the dependency").toEqual([]);
  });

  it("come from one version of each package", () => {
    const versions = new Map<string, Set<string>>();
    for (const { name, version } of withInstallScripts()) versions.set(name, (versions.get(name) ?? new Set()).add(version));
    const duplicated = [...versions].filter(([, found]) => found.size > 1).map(([name, found]) => `${name}: ${[...found].join(", ")}`);
    expect(duplicated, "pin them to one version in package.json's overrides").toEqual([]);
  });

  it("approve nothing the tree no longer has", () => {
    const present = new Set(withInstallScripts().flatMap(({ name, version }) => [name, `${name}@${version}`]));
    expect(Object.keys(manifest.allowScripts ?? {}).filter((entry) => !present.has(entry))).toEqual([]);
  });
});
