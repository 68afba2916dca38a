import { clsx } from "clsx";
import { ChevronDown, type LucideIcon } from "lucide-react";
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { usePopover } from "./use-popover.ts";

type Props = {
  icon: LucideIcon;
  /** The trigger's text: the current choice. */
  summary: ReactNode;
  /** Something is chosen: the trigger's border darkens. */
  active: boolean;
  panelId: string;
  /** The panel's place, width and padding. */
  panelClassName: string;
  panelRole?: "group";
  panelLabel?: string;
  onPanelKeyDown?(event: KeyboardEvent<HTMLDivElement>): void;
  /** The panel's last row: a button that resets the choice, and 'Done'. */
  footerClassName: string;
  clearLabel: string;
  onClear(): void;
  children: ReactNode;
};

/**
 * A filter of the events bar once hydrated: a trigger summarising the choice, opening a
 * panel (its first input takes focus) that ends with a reset button and 'Done'.
 */
export function FilterDropdown({
  icon: Icon,
  summary,
  active,
  panelId,
  panelClassName,
  panelRole,
  panelLabel,
  onPanelKeyDown,
  footerClassName,
  clearLabel,
  onClear,
  children,
}: Props) {
  const { open, toggle, close, triggerRef, containerProps } = usePopover();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLInputElement>("input")?.focus();
  }, [open]);

  return (
    <div {...containerProps} className="relative min-w-0">
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className={clsx(
          "flex h-12 w-full cursor-pointer items-center gap-2 rounded-xl border bg-white px-3 text-left text-sm text-ink-900 transition-colors hover:border-ink-500",
          active ? "border-ink-900" : "border-ink-200",
        )}
      >
        <Icon aria-hidden="true" className="size-4 shrink-0 text-ink-600" />
        <span className="min-w-0 flex-1 truncate">{summary}</span>
        <ChevronDown aria-hidden="true" className={clsx("size-4 shrink-0 transition-transform", open && "rotate-180")} />
      </button>
      <div ref={panelRef} id={panelId} role={panelRole} aria-label={panelLabel} hidden={!open} onKeyDown={onPanelKeyDown} className={panelClassName}>
        {children}
        <div className={footerClassName}>
          <button
            type="button"
            onClick={onClear}
            disabled={!active}
            className="cursor-pointer rounded-full px-3 py-1.5 text-sm font-semibold text-ink-800 hover:bg-ink-50 disabled:cursor-default disabled:text-ink-500"
          >
            {clearLabel}
          </button>
          <button
            type="button"
            onClick={() => close({ returnFocus: true })}
            className="cursor-pointer rounded-full bg-ink-900 px-4 py-1.5 text-sm font-semibold text-white hover:bg-ink-800"
          >
            Done
          </button>
        </div>
      </div>
    </div>
  );
}
