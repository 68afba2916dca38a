import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import type { Settings } from "./env.server.ts";

// Structured logs: one JSON object per line on stdout (pino). Every line written while a
// request is being served carries that request's id, so one visit can be followed through
// loaders, actions, the database and e-mail. Never pass passwords, tokens or card data;
// the redaction below is a second line of defence, not the first.

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Field names whose values never reach the logs, wherever they appear (two levels deep). */
export const redactedFields = ["password", "newPassword", "currentPassword", "token", "secret", "authorization", "cookie", "card", "cardNumber", "cvc"];

/** A logger writing to `destination` (stdout by default); tests pass a memory stream. */
export function createLogger(destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level: "info",
    base: undefined,
    messageKey: "msg",
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: (_fields, _level, self) => {
      const scope = requestScope.getStore();
      // A child logger that already names the request (the access log) needs no second copy.
      return scope && !("requestId" in self.bindings()) ? { requestId: scope.requestId } : {};
    },
    redact: {
      paths: [...redactedFields, ...redactedFields.map((field) => `*.${field}`)],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export const logger = createLogger();

export function setLogLevel(level: Settings["logLevel"]) {
  logger.level = level;
}

/** Runs `work` with every log line inside it tagged with this request id. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return requestScope.run({ requestId }, work);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

type Fields = Record<string, unknown>;

export const log = {
  debug: (message: string, fields?: Fields) => logger.debug(fields ?? {}, message),
  info: (message: string, fields?: Fields) => logger.info(fields ?? {}, message),
  warn: (message: string, fields?: Fields) => logger.warn(fields ?? {}, message),
  error: (message: string, fields?: Fields) => logger.error(fields ?? {}, message),
};

/**
 * Drizzle names a failed query's parameters in its message (a visitor's name, e-mail address,
 * phone): a log keeps the statement and the database's own reason, never the values.
 */
function withoutQueryParameters(message: string): string {
  const at = message.indexOf("\nparams:");
  return at === -1 ? message : message.slice(0, at);
}

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    const fields: Record<string, unknown> = { error: withoutQueryParameters(error.message), errorName: error.name };
    if (error.cause instanceof Error) fields.cause = withoutQueryParameters(error.cause.message);
    return fields;
  }
  // React Router's error responses and thrown Responses are objects with a status.
  if (typeof error === "object" && error !== null && "status" in error) {
    const { status, statusText } = error as { status: unknown; statusText?: unknown };
    return { error: typeof statusText === "string" && statusText ? statusText : "error response", status };
  }
  return { error: String(error) };
}
