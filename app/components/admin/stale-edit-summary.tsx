import { ErrorSummary } from "~/components/ui/error-summary.tsx";

type Props = {
  /** The refusal: who changed the record and when (docs/decisions/014-no-lost-updates.md). */
  message: string;
  /** The summary's heading id, unique in the page. */
  headingId: string;
  /** The refused answer itself: a new one takes focus again. */
  focusToken: unknown;
};

/**
 * A save refused because someone else changed the record after the form was opened: the
 * error summary every refused form uses, which takes focus so it is read at once. The form
 * under it keeps what the admin typed.
 */
export function StaleEditSummary({ message, headingId, focusToken }: Props) {
  return <ErrorSummary title="Your changes were not saved" message={message} errors={[]} headingId={headingId} focusToken={focusToken} />;
}
