import { loadSettings, type ContentfulSettings, type Settings } from "~/lib/env.server.ts";

// The blog's settings (docs/decisions/006) are validated with the rest in app/lib/env.server.ts.

export type { ContentfulSettings };
export type BlogSettings = Settings["blog"];

export function loadBlogSettings(env: NodeJS.ProcessEnv = process.env): BlogSettings {
  return loadSettings(env).blog;
}
