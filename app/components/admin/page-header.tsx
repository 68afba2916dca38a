import type { ReactNode } from "react";

type Props = {
  title: string;
  /** id of the h1, for the page section's aria-labelledby. */
  headingId: string;
  description?: ReactNode;
  /** Buttons on the right (e.g. 'Create User'). */
  actions?: ReactNode;
};

/** The heading row of an admin screen: title, one line of context, and its main buttons. */
export function AdminPageHeader({ title, headingId, description, actions }: Props) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
      <div className="min-w-0">
        <h1 id={headingId} className="text-3xl font-semibold text-ink-900">
          {title}
        </h1>
        {description ? <p className="mt-1 text-sm text-ink-700">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
