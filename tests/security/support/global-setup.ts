import type { TestProject } from "vitest/node";
import { startSiteServer } from "../../e2e/support/global-setup.ts";

// The security suite's server: the demo site as production serves it (NODE_ENV=production, so
// React Router hides error details), behind a trusted loopback proxy, so each test submission
// can name its own client address in X-Forwarded-For and stay inside the public forms' rate
// limit (8 posts per 15 minutes per address) without the limit being raised.
// The seat-hold limit per address, set here so seat-holds.security.ts knows it whatever the
// environment says (the default, as production runs it).
export const SEAT_HOLDS_PER_ADDRESS = 10;

export default async function setup(project: TestProject) {
  const server = await startSiteServer({ NODE_ENV: "production", TRUST_PROXY: "loopback", SEAT_HOLDS_PER_ADDRESS: String(SEAT_HOLDS_PER_ADDRESS) });
  project.provide("baseURL", server.baseURL);
  return server.stop;
}
