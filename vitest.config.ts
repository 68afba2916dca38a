import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "#db": fileURLToPath(new URL("./db", import.meta.url)),
};

// Five suites: unit (pure rules and components), db (integration on PGlite, or on
// PostgreSQL when DATABASE_URL is set), e2e (Chromium against the built server), security
// (headers, authorisation, CSRF, XSS, injection, body limits and logs, against the built
// server) and instances (two built servers on the one PostgreSQL database DATABASE_URL names).
//
// unit and db run one file per core (Vitest's default leaves one core free, so a 2-core CI
// machine ran them one file at a time). db stops at 3 files at once: on PostgreSQL each file
// has its own database and a pool of up to 20 connections, and the server allows 100. The
// served suites (e2e, security) run one file at a time against one shared server.
const cores = availableParallelism();
export default defineConfig({
  resolve: { alias },
  test: {
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          maxWorkers: cores,
          include: ["app/**/*.test.{ts,tsx}", "bench/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts"],
          exclude: ["**/*.db.test.ts", "node_modules/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          maxWorkers: Math.min(cores, 3),
          include: ["**/*.db.test.ts"],
          exclude: ["node_modules/**"],
          globalSetup: ["tests/support/pglite-template.global.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.ts"],
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "security",
          include: ["tests/security/**/*.security.ts"],
          globalSetup: ["tests/security/support/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "instances",
          include: ["tests/instances/**/*.instances.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
