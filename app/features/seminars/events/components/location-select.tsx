import { clsx } from "clsx";
import { ChevronDown, MapPin } from "lucide-react";
import { useEffect, useId, useRef, type KeyboardEvent } from "react";
import { locationSummary } from "../filter-form.ts";
import { usePopover } from "./use-popover.ts";

type Props = {
  /** Cities with upcoming seminars. */
  cities: readonly string[];
  selected: readonly string[];
  onChange(next: string[]): void;
  /** False before hydration: a plain fieldset of checkboxes, submitted with the form. */
  enhanced: boolean;
};

function Options({ options, selected, onChange }: { options: readonly string[]; selected: readonly string[]; onChange(next: string[]): void }) {
  function toggle(city: string, checked: boolean) {
    onChange(checked ? options.filter((option) => option === city || selected.includes(option)) : selected.filter((option) => option !== city));
  }
  return options.map((city) => (
    <label
      key={city}
      className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-ink-900 hover:bg-ink-50 has-checked:font-semibold"
    >
      <input
        type="checkbox"
        name="location"
        value={city}
        checked={selected.includes(city)}
        onChange={(event) => toggle(city, event.currentTarget.checked)}
        className="size-4 shrink-0 cursor-pointer accent-ink-900"
      />
      {city}
    </label>
  ));
}

/**
 * The location multi-select over the cities with upcoming seminars: a popover of checkboxes
 * named `location` behind a trigger that summarises the choice.
 */
export function LocationSelect({ cities, selected, onChange, enhanced }: Props) {
  const id = useId();
  const panelId = `${id}-panel`;
  const legendId = `${id}-legend`;
  const { open, toggle, close, triggerRef, containerProps } = usePopover();
  const panelRef = useRef<HTMLDivElement>(null);
  // A location in the URL that has no seminar now still shows, so it can be unticked.
  const options = [...cities, ...selected.filter((city) => !cities.includes(city))];

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLInputElement>("input")?.focus();
  }, [open]);

  if (!enhanced) {
    return (
      <fieldset className="min-w-0">
        <legend className="mb-1 text-sm font-semibold text-ink-800">Locations</legend>
        <div className="flex flex-wrap gap-1">
          <Options options={options} selected={selected} onChange={onChange} />
        </div>
      </fieldset>
    );
  }

  // Up and Down move between the options, as in a list box.
  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const inputs = [...(panelRef.current?.querySelectorAll<HTMLInputElement>("input") ?? [])];
    const at = inputs.indexOf(document.activeElement as HTMLInputElement);
    const next = inputs[(at + (event.key === "ArrowDown" ? 1 : -1) + inputs.length) % inputs.length];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

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
          selected.length > 0 ? "border-ink-900" : "border-ink-200",
        )}
      >
        <MapPin aria-hidden="true" className="size-4 shrink-0 text-ink-600" />
        <span className="min-w-0 flex-1 truncate">
          <span className="sr-only">Locations: </span>
          {locationSummary(selected)}
        </span>
        <ChevronDown aria-hidden="true" className={clsx("size-4 shrink-0 transition-transform", open && "rotate-180")} />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        onKeyDown={onPanelKeyDown}
        className="absolute top-full left-0 z-40 mt-2 w-64 max-w-[calc(100vw-2.5rem)] rounded-xl border border-ink-100 bg-white p-2 shadow-xl"
      >
        <fieldset aria-labelledby={legendId}>
          <p id={legendId} className="px-3 pt-1 pb-2 text-xs font-semibold tracking-widest text-ink-600 uppercase">
            Choose locations
          </p>
          <div className="max-h-[300px] overflow-y-auto">
            {options.length === 0 ? (
              <p className="px-3 py-2 text-sm text-ink-700">No locations to choose from.</p>
            ) : (
              <Options options={options} selected={selected} onChange={onChange} />
            )}
          </div>
        </fieldset>
        <div className="mt-2 flex items-center justify-between gap-2 border-t border-ink-100 px-1 pt-2">
          <button
            type="button"
            onClick={() => onChange([])}
            disabled={selected.length === 0}
            className="cursor-pointer rounded-full px-3 py-1.5 text-sm font-semibold text-ink-800 hover:bg-ink-50 disabled:cursor-default disabled:text-ink-500"
          >
            All locations
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
