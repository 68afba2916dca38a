import { Form, Link } from "react-router";
import { StatusBadge } from "~/components/admin/status-badge.tsx";
import { buttonClasses } from "~/components/ui/button.ts";
import type { WeekView } from "../../slots/week.server.ts";

/** "6 h 30 min free". */
function freeText(minutes: number): string {
  if (minutes <= 0) return "Fully booked";
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  return `${hours ? `${hours} h` : ""}${hours && rest ? " " : ""}${rest ? `${rest} min` : ""} free`;
}

/**
 * The week calendar (issue 17): a consultant per row, a day per column, in UK time. Each
 * meeting opens its details, and its Reassign form gives it to another consultant.
 */
export function WeekCalendar({ view }: { view: WeekView }) {
  const everyone = view.rows.map((row) => row.consultant);
  if (view.rows.length === 0) {
    return (
      <p className="rounded-xl bg-white p-6 text-ink-800 ring-1 ring-ink-100">
        No consultant takes bookings yet. <Link to="/admin/consultants" className="font-semibold underline underline-offset-2">Add one on the Consultants screen</Link>.
      </p>
    );
  }
  return (
    // Focusable, so the keyboard can scroll the week sideways on a narrow screen.
    <div role="region" aria-label="Week calendar" tabIndex={0} className="overflow-x-auto rounded-xl bg-white ring-1 ring-ink-100">
      <table className="w-full min-w-[64rem] border-collapse text-sm">
        <caption className="sr-only">Consultations by consultant, {view.label}, in UK time</caption>
        <thead>
          <tr className="border-b border-ink-100 bg-ink-50 text-left">
            <th scope="col" className="w-40 px-3 py-2 font-semibold text-ink-900">
              Consultant
            </th>
            {view.days.map((day) => (
              <th key={day.date} scope="col" className="px-3 py-2 font-semibold text-ink-900">
                {day.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row) => (
            <tr key={row.consultant.id} className="border-b border-ink-100 align-top last:border-0">
              <th scope="row" className="px-3 py-3 text-left font-semibold text-ink-950">
                {row.consultant.name}
              </th>
              {row.days.map((cell) => (
                <td key={cell.date} className="px-3 py-3">
                  <p className="text-xs text-ink-700">{cell.hours}</p>
                  {cell.hours !== "Not working" ? <p className="text-xs font-medium text-veld-800">{freeText(cell.freeMinutes)}</p> : null}
                  <ul className="mt-2 space-y-2">
                    {cell.meetings.map((meeting) => (
                      <li key={meeting.id} className="rounded-lg bg-ink-50 p-2 ring-1 ring-ink-100">
                        <Link to={`/admin/consultations?view=${encodeURIComponent(meeting.id)}`} className="block font-semibold text-ink-950 underline-offset-2 hover:underline">
                          <span className="tabular-nums">{meeting.time}</span> {meeting.client}
                        </Link>
                        <span className="mt-1 flex flex-wrap gap-1">
                          <StatusBadge tone={meeting.type === "Free" ? "blue" : "grey"}>{meeting.type}</StatusBadge>
                          {meeting.held ? <StatusBadge tone="amber">Awaiting payment</StatusBadge> : null}
                        </span>
                        {everyone.length > 1 ? (
                          <details className="mt-1">
                            <summary className="cursor-pointer text-xs font-semibold text-ink-800">Reassign</summary>
                            <Form method="post" preventScrollReset className="mt-1 space-y-1">
                              <input type="hidden" name="intent" value="reassign-consultation" />
                              <input type="hidden" name="id" value={meeting.id} />
                              <input type="hidden" name="version" value={meeting.version} />
                              <label htmlFor={`reassign-${meeting.id}`} className="sr-only">
                                Give {meeting.client}&apos;s meeting at {meeting.time} to
                              </label>
                              <select id={`reassign-${meeting.id}`} name="consultantId" className="w-full rounded border border-ink-300 bg-white px-1 py-1 text-xs">
                                {everyone
                                  .filter((person) => person.id !== row.consultant.id)
                                  .map((person) => (
                                    <option key={person.id} value={person.id}>
                                      {person.name}
                                    </option>
                                  ))}
                              </select>
                              <button type="submit" className={buttonClasses("dark", "md", "w-full px-2! py-1! text-xs!")}>
                                Reassign
                              </button>
                            </Form>
                          </details>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
