import type { Settings } from "./env.server.ts";

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof levels, "silent">;

let threshold: number = levels.info;

export function setLogLevel(level: Settings["logLevel"]) {
  threshold = levels[level];
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (levels[level] < threshold) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...fields });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

/** One-line JSON logs. Never pass passwords, tokens or card data. */
export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};

export function errorFields(error: unknown): Record<string, unknown> {
  return error instanceof Error ? { error: error.message, errorName: error.name } : { error: String(error) };
}
