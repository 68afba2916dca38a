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

/** Seats are left, but fewer than the booking asks for: it is refused whole, and takes nothing. */
export class NotEnoughSeatsError extends ConflictError {
  override name = "NotEnoughSeatsError";
  constructor(readonly seatsLeft: number) {
    super(`Only ${seatsLeft} ${seatsLeft === 1 ? "seat" : "seats"} left. Please choose fewer seats.`);
  }
}

/** Inactive, or already held: visitors cannot book it. */
export class SeminarNotBookableError extends ConflictError {
  override name = "SeminarNotBookableError";
  constructor() {
    super("This seminar is no longer taking bookings.");
  }
}
