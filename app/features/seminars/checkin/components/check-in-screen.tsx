import { ArrowLeft, Users } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { seminarWhenLabel } from "../../admin/rules.ts";
import type { DoorActionResult } from "../actions.server.ts";
import type { DoorPage } from "../checkin.server.ts";
import { attendanceLabel } from "../rules.ts";
import { CodeForm } from "./code-form.tsx";
import { DoorAnswer } from "./door-answer.tsx";
import { NameSearch } from "./name-search.tsx";

type Props = { page: DoorPage; result: DoorActionResult | undefined; shownMax: number };

/**
 * /admin/check-in/:seminarId, made for a phone at the door: the answer on top, the code
 * field, the camera, the name search and the count. After an answer to a scan or typed code,
 * focus goes back to the emptied code field for the next ticket (the live region reads the
 * answer); after one from the name list, focus goes to the answer itself.
 */
export function CheckInScreen({ page, result, shownMax }: Props) {
  const { seminar, attendance } = page;
  const codeInput = useRef<HTMLInputElement>(null);
  const answerBox = useRef<HTMLDivElement>(null);
  const answer = result?.ok ? result.answer : undefined;
  const problem = result && !result.ok ? result.message : undefined;
  const codeError = result && !result.ok ? result.fieldErrors.code?.[0] : undefined;

  useEffect(() => {
    if (!result) return;
    if (result.ok && result.source === "list") {
      answerBox.current?.focus();
      return;
    }
    if (codeInput.current) {
      if (result.ok) codeInput.current.value = "";
      codeInput.current.focus();
    }
  }, [result]);

  return (
    <section aria-labelledby="door-heading" className="mx-auto max-w-xl space-y-4">
      <Link to="/admin/seminars" className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-ink-800 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        All seminars
      </Link>
      <header>
        <h1 id="door-heading" className="text-2xl font-semibold text-ink-900 sm:text-3xl">
          Door check-in
        </h1>
        <p className="mt-1 text-base font-semibold text-ink-950">{seminar.title}</p>
        <p className="text-sm text-ink-700">
          {seminarWhenLabel(seminar)} · {seminar.venueName}, {seminar.city}
        </p>
        {seminar.cancelled ? <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">This seminar is cancelled: its tickets are not valid.</p> : null}
        <p className="mt-3 flex items-center gap-2 text-xl font-bold text-ink-950" data-testid="door-count">
          <Users aria-hidden="true" className="size-6" />
          {attendanceLabel(attendance)}
        </p>
      </header>
      <DoorAnswer answer={answer} problem={codeError ? undefined : problem} focusRef={answerBox} />
      <CodeForm inputRef={codeInput} error={codeError} />
      <NameSearch search={page.search} shownMax={shownMax} />
    </section>
  );
}
