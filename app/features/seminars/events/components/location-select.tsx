import { MapPin } from "lucide-react";
import { useId, type KeyboardEvent } from "react";
import { locationSummary } from "../filter-form.ts";
import { FilterDropdown } from "./filter-dropdown.tsx";

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
  const legendId = `${id}-legend`;
  // A location in the URL that has no seminar now still shows, so it can be unticked.
  const options = [...cities, ...selected.filter((city) => !cities.includes(city))];

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
    const inputs = [...event.currentTarget.querySelectorAll<HTMLInputElement>("input")];
    const at = inputs.indexOf(document.activeElement as HTMLInputElement);
    const next = inputs[(at + (event.key === "ArrowDown" ? 1 : -1) + inputs.length) % inputs.length];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

  return (
    <FilterDropdown
      icon={MapPin}
      summary={
        <>
          <span className="sr-only">Locations: </span>
          {locationSummary(selected)}
        </>
      }
      active={selected.length > 0}
      panelId={`${id}-panel`}
      onPanelKeyDown={onPanelKeyDown}
      panelClassName="absolute top-full left-0 z-40 mt-2 w-64 max-w-[calc(100vw-2.5rem)] rounded-xl border border-ink-100 bg-white p-2 shadow-xl"
      footerClassName="mt-2 flex items-center justify-between gap-2 border-t border-ink-100 px-1 pt-2"
      clearLabel="All locations"
      onClear={() => onChange([])}
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
    </FilterDropdown>
  );
}
