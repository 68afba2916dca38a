import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Reads the build's stylesheets by their `/assets/…` address, each once (they never change
 * under their hashed name). Anything but a plain `/assets/<name>.css` is refused.
 */
export function stylesheetReader(clientDir: string): (href: string) => string | undefined {
  const kept = new Map<string, string | undefined>();
  return (href) => {
    const name = /^\/assets\/([\w.-]+\.css)$/.exec(href)?.[1];
    if (!name) return undefined;
    if (!kept.has(name)) {
      try {
        kept.set(name, readFileSync(path.join(clientDir, "assets", name), "utf8"));
      } catch {
        kept.set(name, undefined);
      }
    }
    return kept.get(name);
  };
}
