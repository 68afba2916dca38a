import { clsx } from "clsx";
import { CircleCheckBig, CircleX, Info, TriangleAlert } from "lucide-react";
import type { Ref } from "react";
import { answerWords, type AnswerTone, type CheckInAnswer } from "../rules.ts";
import { UndoCheckInButton } from "./undo-check-in-button.tsx";

const tones: Record<AnswerTone, { box: string; headline: string; Icon: typeof CircleCheckBig; label: string }> = {
  // Each pair of text and background keeps AA contrast; the icon and the words say the same as the colour.
  success: { box: "border-veld-700 bg-veld-100", headline: "text-veld-700", Icon: CircleCheckBig, label: "Admit" },
  warning: { box: "border-sun-600 bg-sun-100", headline: "text-ink-950", Icon: TriangleAlert, label: "Stop" },
  danger: { box: "border-red-700 bg-red-50", headline: "text-red-800", Icon: CircleX, label: "Do not admit" },
  neutral: { box: "border-ink-500 bg-ink-50", headline: "text-ink-900", Icon: Info, label: "Note" },
};

type Props = {
  answer: CheckInAnswer | undefined;
  /** A form the server refused (an empty code): said in the same place. */
  problem?: string;
  /** Takes focus after a check-in from the name list, so the answer is where the reader is. */
  focusRef: Ref<HTMLDivElement>;
};

/**
 * The door's answer, at once and large: a live region that is always on the page (so screen
 * readers announce each new answer), the words first, the colour and icon repeating them.
 */
export function DoorAnswer({ answer, problem, focusRef }: Props) {
  const words = answer ? answerWords(answer) : problem ? { tone: "danger" as const, headline: problem, detail: null } : undefined;
  const tone = words ? tones[words.tone] : undefined;
  return (
    <div role="status" aria-live="polite" aria-atomic="true" data-testid="door-answer">
      {words && tone ? (
        <div ref={focusRef} tabIndex={-1} className={clsx("rounded-xl border-4 p-4 focus-visible:outline-3 focus-visible:outline-offset-2", tone.box)} data-tone={words.tone}>
          <p className={clsx("flex items-start gap-3 text-2xl leading-tight font-bold sm:text-3xl", tone.headline)}>
            <tone.Icon aria-hidden="true" className="mt-0.5 size-8 shrink-0" strokeWidth={2.5} />
            <span>
              <span className="sr-only">{tone.label}: </span>
              <span data-testid="door-headline">{words.headline}</span>
            </span>
          </p>
          {words.detail ? <p className="mt-2 text-base font-medium text-ink-950">{words.detail}</p> : null}
          {answer?.kind === "checked-in" ? <UndoCheckInButton ticketId={answer.ticket.id} name={answer.ticket.attendeeName} className="mt-3" /> : null}
        </div>
      ) : null}
    </div>
  );
}
