import type { ChangeEvent } from "react";
import { Form, useSubmit } from "react-router";
import type { EmailStatus } from "../service.server.ts";
import { emailStatusLabels } from "./email-status-badge.tsx";

const statuses = Object.keys(emailStatusLabels) as EmailStatus[];

/** Only e-mails of one status: a GET form (the URL holds it); with JavaScript it applies on change. */
export function OutboxFilter({ status }: { status?: EmailStatus }) {
  const submit = useSubmit();
  const applyNow = (event: ChangeEvent<HTMLSelectElement>) => event.currentTarget.form && void submit(event.currentTarget.form, { preventScrollReset: true });
  return (
    <Form method="get" action="/admin/outbox" className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor="outbox-status" className="block text-xs font-semibold tracking-wide text-ink-800 uppercase">
          Status
        </label>
        <select
          key={status ?? ""}
          id="outbox-status"
          name="status"
          defaultValue={status ?? ""}
          onChange={applyNow}
          className="mt-1 block w-48 rounded-lg border border-ink-300 bg-white px-3 py-2 text-sm text-ink-950 hover:border-ink-500 focus-visible:border-ink-900"
        >
          <option value="">All e-mails</option>
          {statuses.map((value) => (
            <option key={value} value={value}>
              {emailStatusLabels[value]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="inline-flex cursor-pointer items-center rounded-lg bg-ink-900 px-4 py-2 text-sm font-semibold text-white hover:bg-ink-800">
        Apply
      </button>
    </Form>
  );
}
