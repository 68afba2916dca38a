import { createContext } from "react-router";
import type { Database, Db } from "#db/client.ts";
import type { Settings } from "./env.server.ts";

// What every request can reach: the runtime the server process holds for its whole life.
// It is started by the composition root (app/wiring/runtime.server.ts) and set on each
// request's context; features read it from there.

/** What the server process holds for its whole life: settings and the open database. */
export type Runtime = {
  settings: Settings;
  database: Database;
  db: Db;
  close(): Promise<void>;
};

export const runtimeContext = createContext<Runtime>();
