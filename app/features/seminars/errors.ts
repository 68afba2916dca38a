import { ConflictError, NotFoundError } from "~/lib/errors.ts";

export class SeminarNotFoundError extends NotFoundError {
  override name = "SeminarNotFoundError";
  constructor() {
    super("Seminar not found");
  }
}

export class SeminarFullError extends ConflictError {
  override name = "SeminarFullError";
  constructor() {
    super("This seminar is fully booked.");
  }
}

/** Inactive, or already held: visitors cannot book it. */
export class SeminarNotBookableError extends ConflictError {
  override name = "SeminarNotBookableError";
  constructor() {
    super("This seminar is no longer taking bookings.");
  }
}
