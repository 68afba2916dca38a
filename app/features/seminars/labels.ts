// Small wording rules shared by the seminar cards, the booking page and the payment dialog.

/** "12 spots remaining", "1 spot remaining", or "Fully booked". */
export function spotsRemainingLabel(spots: number): string {
  if (spots <= 0) return "Fully booked";
  return spots === 1 ? "1 spot remaining" : `${spots} spots remaining`;
}

/** The /events result count, announced politely when it changes. */
export function resultCountLabel(total: number, page: number, pageSize: number): string {
  if (total <= 0) return "No upcoming events found";
  const noun = total === 1 ? "upcoming event" : "upcoming events";
  if (total <= pageSize) return `${total} ${noun}`;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `Showing ${first}–${last} of ${total} ${noun}`;
}
