import { Trash2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import type { AdminSeminarView } from "../seminars.server.ts";
import type { SeminarActionResult } from "../actions.server.ts";
import { seminarTitleLabel, seminarWhenLabel } from "../rules.ts";
import { ActionBanner, UrlModal } from "./url-modal.tsx";

type Props = { seminar: AdminSeminarView; attendeesToTell: number; result?: SeminarActionResult; closedHref: string };

/** 'Delete this seminar?': its attendees are e-mailed that it is cancelled, its bookings removed. */
export function DeleteSeminarModal({ seminar, attendeesToTell, result, closedHref }: Props) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete-seminar";
  const title = seminarTitleLabel(seminar.title);
  return (
    <UrlModal closedHref={closedHref} title="Delete this seminar?" size="sm">
      {result && !result.ok ? <ActionBanner title={result.title} message={result.message} className="mb-4" /> : null}
      <p className="text-sm text-ink-800">
        <strong className="font-semibold text-ink-950">{title}</strong>, {seminarWhenLabel(seminar)}, will be removed with all its bookings. This cannot be undone.
      </p>
      <p className="mt-3 text-sm text-ink-800">
        {attendeesToTell === 0
          ? "Nobody holds a seat, so no one is e-mailed."
          : `${attendeesToTell} ${attendeesToTell === 1 ? "attendee holds a seat and is" : "attendees hold a seat and are"} e-mailed that the seminar is cancelled. Paid seats need refunding.`}
      </p>
      <Form method="post" className="mt-6 flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value="delete-seminar" />
        <input type="hidden" name="seminarId" value={seminar.id} />
        <Link to={closedHref} replace preventScrollReset className={buttonClasses("ghost", "md")}>
          Cancel
        </Link>
        <button
          type="submit"
          disabled={deleting}
          className="inline-flex cursor-pointer items-center gap-2 rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-70"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {deleting ? "Deleting…" : "Delete seminar"}
        </button>
      </Form>
    </UrlModal>
  );
}
