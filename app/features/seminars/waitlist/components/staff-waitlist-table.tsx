import { ArrowDown, ArrowUp } from "lucide-react";
import { Form } from "react-router";
import { formatAdminDateTime } from "~/components/admin/dates.ts";
import { StatusBadge, type BadgeTone } from "~/components/admin/status-badge.tsx";
import { isInLine, waitlistStatusLabels, type WaitlistStatus } from "../rules.ts";
import type { StaffWaitlistEntry } from "../staff-view.ts";

const tones: Record<WaitlistStatus, BadgeTone> = { waiting: "blue", offered: "amber", booked: "green", lapsed: "grey", withdrawn: "grey" };

const small = "inline-flex cursor-pointer items-center gap-1 rounded-lg border border-ink-300 px-2.5 py-1.5 text-sm font-semibold text-ink-900 hover:bg-ink-100 disabled:cursor-not-allowed disabled:opacity-50";

/** One of staff's writes on an entry: a plain POST naming the entry and the version seen. */
function EntryButton({ entry, intent, label, children }: { entry: StaffWaitlistEntry; intent: string; label: string; children: React.ReactNode }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={entry.id} />
      <input type="hidden" name="version" value={entry.version} />
      <button type="submit" className={small} aria-label={`${label}: ${entry.name}`}>
        {children}
      </button>
    </Form>
  );
}

/** The line in order (active places first), with move up/down, "Send offer now" and "Withdraw". */
export function StaffWaitlistTable({ entries }: { entries: StaffWaitlistEntry[] }) {
  if (entries.length === 0) return <p className="text-ink-700">Nobody is on this seminar's waitlist.</p>;
  const active = entries.filter(isInLine);
  return (
    <div className="overflow-x-auto rounded-xl border border-ink-100 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">The waitlist, first in line first</caption>
        <thead className="bg-ink-50 text-ink-800">
          <tr>
            <th scope="col" className="px-3 py-2">#</th>
            <th scope="col" className="px-3 py-2">Name</th>
            <th scope="col" className="px-3 py-2">E-mail</th>
            <th scope="col" className="px-3 py-2">Seats</th>
            <th scope="col" className="px-3 py-2">Status</th>
            <th scope="col" className="px-3 py-2">Offer expires</th>
            <th scope="col" className="px-3 py-2">Actions</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const place = active.indexOf(entry);
            const inLine = place >= 0;
            return (
              <tr key={entry.id} data-testid="waitlist-entry" className="border-t border-ink-100 align-top">
                <td className="px-3 py-2">{inLine ? place + 1 : "—"}</td>
                <td className="px-3 py-2 font-semibold text-ink-950">{entry.name}</td>
                <td className="px-3 py-2 break-all">{entry.email}</td>
                <td className="px-3 py-2">{entry.seats}</td>
                <td className="px-3 py-2">
                  <StatusBadge tone={tones[entry.status]}>{waitlistStatusLabels[entry.status]}</StatusBadge>
                  {entry.status === "withdrawn" && entry.withdrawnBy ? <span className="block text-xs text-ink-700">by {entry.withdrawnBy}</span> : null}
                </td>
                <td className="px-3 py-2">{entry.status === "offered" ? formatAdminDateTime(entry.offerExpiresAt) : "—"}</td>
                <td className="px-3 py-2">
                  {inLine ? (
                    <div className="flex flex-wrap gap-1.5">
                      {place > 0 && (
                        <EntryButton entry={entry} intent="move-up" label="Move up">
                          <ArrowUp aria-hidden="true" className="size-4" /> Up
                        </EntryButton>
                      )}
                      {place < active.length - 1 && (
                        <EntryButton entry={entry} intent="move-down" label="Move down">
                          <ArrowDown aria-hidden="true" className="size-4" /> Down
                        </EntryButton>
                      )}
                      {entry.status === "waiting" && (
                        <EntryButton entry={entry} intent="send-offer" label="Send offer now">
                          Send offer now
                        </EntryButton>
                      )}
                      <EntryButton entry={entry} intent="withdraw" label="Withdraw">
                        Withdraw
                      </EntryButton>
                    </div>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
