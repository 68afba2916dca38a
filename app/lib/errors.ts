// Errors a visitor or an admin can cause, each with its HTTP status and the message the
// site shows. Everything else is a bug: logged, and answered with a generic 500.

export class UserFacingError extends Error {
  override name = "UserFacingError";
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429,
  ) {
    super(message);
  }
}

export class NotFoundError extends UserFacingError {
  override name = "NotFoundError";
  constructor(message: string) {
    super(message, 404);
  }
}

export class ConflictError extends UserFacingError {
  override name = "ConflictError";
  constructor(message: string) {
    super(message, 409);
  }
}

export type FieldErrors = Record<string, string[] | undefined>;

export class ValidationError extends UserFacingError {
  override name = "ValidationError";
  constructor(
    message: string,
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message, 422);
  }
}

export class RateLimitedError extends UserFacingError {
  override name = "RateLimitedError";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 429);
  }
}

/** An edit based on a version of the record that has since changed: refused, so no one's work is lost silently. */
export class StaleEditError extends ConflictError {
  override name = "StaleEditError";
}
