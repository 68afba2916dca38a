import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../../app/routes.ts";

// The route table as the page-by-page suites (accessibility, HTML validity) read it, so each
// can check it covers every page of app/routes.ts and a new page cannot be left out.

/** Resource routes (no page to render), by their path in app/routes.ts. */
export const resourceRoutes = [
  "/api/auth/*",
  "/api/stripe/webhook",
  "/api/payments/payfast/notify",
  "/business-card/contact.vcf",
  "/healthz",
  "/readyz",
  "/robots.txt",
  "/sitemap.xml",
  "/blog/rss.xml",
  "/uploads/*",
  "/consent",
  "/tickets/:code/calendar.ics",
  "/calendars/:token/consultations.ics",
  "/admin/outbox/:emailId/attachments/:index",
  "/admin/api/seminar-options",
  "/admin/api/contact-options",
];

export type RouteLeaf = { path: string; file: string };

/** Every route that answers an address (layouts are not), with its path as app/routes.ts writes it. */
export function routeLeaves(entries: readonly RouteConfigEntry[] = routes, parent = ""): RouteLeaf[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    const children = entry.children ?? [];
    const self = children.length > 0 ? [] : [{ path: `/${own}`, file: entry.file }];
    return [...self, ...routeLeaves(children, own)];
  });
}

/** Page routes app/routes.ts has that `covered` leaves out, and routes `covered` names that it no longer has. */
export function routeCoverage(covered: Iterable<string>): { missing: string[]; unknown: string[] } {
  const leaves = routeLeaves();
  const names = new Set(covered);
  return {
    missing: leaves.map((leaf) => leaf.path).filter((route) => !resourceRoutes.includes(route) && !names.has(route)),
    unknown: [...names].filter((route) => !leaves.some((leaf) => leaf.path === route)),
  };
}

/** The resource routes that render a page after all (a default export): listed by mistake. */
export async function resourceRoutesThatRender(): Promise<string[]> {
  const appDir = fileURLToPath(new URL("../../../app/", import.meta.url));
  const leaves = routeLeaves();
  const rendering: string[] = [];
  for (const route of resourceRoutes) {
    const leaf = leaves.find((candidate) => candidate.path === route);
    if (!leaf) {
      rendering.push(`${route} (not in app/routes.ts)`);
      continue;
    }
    const module = (await import(/* @vite-ignore */ path.join(appDir, leaf.file))) as Record<string, unknown>;
    if (typeof module.default === "function") rendering.push(route);
  }
  return rendering;
}
