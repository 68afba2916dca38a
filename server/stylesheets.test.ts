import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { stylesheetReader } from "./stylesheets.ts";

describe("stylesheetReader", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  function clientDir() {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ukr-styles-"));
    dirs.push(dir);
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "assets", "site-Ab1.css"), "body{margin:0}");
    writeFileSync(path.join(dir, "secret.css"), "nope");
    return dir;
  }

  it("reads a build stylesheet by its address, once", () => {
    const dir = clientDir();
    const read = stylesheetReader(dir);
    expect(read("/assets/site-Ab1.css")).toBe("body{margin:0}");
    writeFileSync(path.join(dir, "assets", "site-Ab1.css"), "changed");
    expect(read("/assets/site-Ab1.css")).toBe("body{margin:0}");
  });

  it("refuses anything but a plain /assets/<name>.css, and answers undefined for a missing file", () => {
    const read = stylesheetReader(clientDir());
    expect(read("/assets/../secret.css")).toBeUndefined();
    expect(read("/secret.css")).toBeUndefined();
    expect(read("/assets/site-Ab1.js")).toBeUndefined();
    expect(read("/assets/missing.css")).toBeUndefined();
  });
});
