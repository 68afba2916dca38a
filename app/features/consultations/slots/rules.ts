// Rules of a held time slot that the browser also shows (issue 17).

/** Minutes a paid consultation's time is held for its checkout (as a seminar seat's hold). */
export const SLOT_HOLD_MINUTES = 30;
