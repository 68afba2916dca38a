import { clsx } from "clsx";
import { ChevronDown, Funnel } from "lucide-react";
import { useId, useRef, type ReactNode, type ToggleEvent } from "react";

type Props = {
  /** The button's text, e.g. the column name "Type". */
  label: string;
  /** Read after the label, e.g. "filtered: FREE"; also marks the button as active. */
  activeSummary?: string;
  /** The panel's accessible name, e.g. "Filter by type". */
  panelLabel: string;
  children: ReactNode;
};

/**
 * A filter dropdown for a column header or a toolbar. Built on the browser's popover
 * (top layer: never clipped by a scrolling table; Escape and an outside click close it;
 * opens without JavaScript too, centred). With JavaScript it sits under its button. The
 * panel scrolls past 300px (docs/product.md §11.8).
 */
export function FilterPopover({ label, activeSummary, panelLabel, children }: Props) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  function place(event: ToggleEvent<HTMLDivElement>) {
    const panel = panelRef.current;
    const button = buttonRef.current;
    if (event.newState !== "open" || !panel || !button) return;
    const anchor = button.getBoundingClientRect();
    const width = panel.offsetWidth;
    const left = Math.max(8, Math.min(anchor.left, window.innerWidth - width - 8));
    Object.assign(panel.style, { position: "fixed", inset: "auto", margin: "0", top: `${anchor.bottom + 6}px`, left: `${left}px` });
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        popoverTarget={`filter-${id}`}
        className={clsx(
          "inline-flex cursor-pointer items-center gap-1.5 rounded-md px-1.5 py-1 text-xs font-semibold tracking-wide uppercase hover:bg-ink-100",
          activeSummary ? "text-ink-950" : "text-ink-700",
        )}
      >
        {label}
        <Funnel aria-hidden="true" className={clsx("size-3.5", activeSummary ? "fill-sun-500 text-ink-950" : "")} />
        {activeSummary ? <span className="sr-only">, {activeSummary}</span> : null}
        <ChevronDown aria-hidden="true" className="size-3.5" />
      </button>
      <div
        ref={panelRef}
        id={`filter-${id}`}
        popover="auto"
        role="dialog"
        aria-label={panelLabel}
        onToggle={place}
        className="max-h-[300px] w-64 overflow-y-auto rounded-xl border border-ink-200 bg-white p-3 text-sm font-normal tracking-normal text-ink-900 normal-case shadow-xl"
      >
        {children}
      </div>
    </>
  );
}
