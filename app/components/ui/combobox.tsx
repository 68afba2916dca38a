import { clsx } from "clsx";
import { Check, ChevronDown } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { flushSync } from "react-dom";

// A searchable single choice: the WAI-ARIA combobox pattern with a listbox popup and list
// autocomplete (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/). Focus stays in the text
// field; the option the arrow keys reach is announced through aria-activedescendant. The
// options come from `search` as the person types, so the page never carries the whole list.

export type ComboboxOption = { id: string; label: string };

type Props = {
  /** The text field's id (its <label htmlFor> points here). */
  id: string;
  /** The id of the visible label, which also names the listbox. */
  labelId: string;
  /** The hidden field that carries the chosen option's id ("" for none) in the form. */
  name: string;
  selected: ComboboxOption | null;
  /** The first option before anything is typed, which chooses nothing (e.g. "All seminars"). */
  noneLabel: string;
  /** What the list offers before anything is typed. */
  initialOptions: readonly ComboboxOption[];
  search: (text: string, signal: AbortSignal) => Promise<ComboboxOption[]>;
  /** Called once the hidden field holds the new choice (the form can be sent at once). */
  onSelect: (option: ComboboxOption | null, form: HTMLFormElement | null) => void;
  placeholder?: string;
  /** Nouns for the announcements: ["seminar", "seminars"]. */
  noun: readonly [string, string];
  className?: string;
  /** The field's error is shown: the text field says so and points to it (with any hint) through `describedBy`. */
  invalid?: boolean;
  describedBy?: string;
};

/**
 * A Combobox's `search` that asks a JSON resource route (`path?q=…`) and reads the options from
 * the answer's `key`; a failed answer is an error the list says so about.
 */
export function choicesFrom(path: string, key: string): Props["search"] {
  return async (text, signal) => {
    const response = await fetch(`${path}?${new URLSearchParams({ q: text })}`, { signal, headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return ((await response.json()) as Record<string, ComboboxOption[]>)[key] ?? [];
  };
}

type Status = "idle" | "loading" | "error";

/** Waits this long after the last key before asking for options. */
const SEARCH_DELAY_MS = 200;

export function Combobox({ id, labelId, name, selected, noneLabel, initialOptions, search, onSelect, placeholder, noun, className, invalid, describedBy }: Props) {
  const [chosen, setChosen] = useState<ComboboxOption | null>(selected);
  const [text, setText] = useState(selected?.label ?? "");
  const [open, setOpen] = useState(false);
  const [found, setFound] = useState<readonly ComboboxOption[]>(initialOptions);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<Status>("idle");
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | undefined>(undefined);
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  // The choice follows `selected` when it changes for another reason (Back, a link); the echo
  // of the person's own choice arrives later, and must not wipe what they typed since.
  const selectedId = selected?.id ?? "";
  const [seenSelectedId, setSeenSelectedId] = useState(selectedId);
  if (seenSelectedId !== selectedId) {
    setSeenSelectedId(selectedId);
    if (selectedId !== (chosen?.id ?? "")) {
      setChosen(selected);
      setText(selected?.label ?? "");
      setOpen(false);
      setActive(-1);
    }
  }
  // "None" leads the list until the person searches: then only matches are listed.
  const searching = text.trim() !== "" && text !== chosen?.label;
  const listed = searching ? found : initialOptions;
  const options: ComboboxOption[] = searching ? [...listed] : [{ id: "", label: noneLabel }, ...listed];

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  useEffect(() => {
    if (open && active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: "nearest" });
    // optionId is derived from id alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, active]);

  function runSearch(query: string) {
    clearTimeout(timer.current);
    request.current?.abort();
    if (query === "" || query === chosen?.label) {
      setStatus("idle");
      return;
    }
    setStatus("loading");
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      request.current = controller;
      search(query, controller.signal).then(
        (options) => {
          if (controller.signal.aborted) return;
          setFound(options);
          setActive(-1);
          setStatus("idle");
        },
        () => {
          if (!controller.signal.aborted) setStatus("error");
        },
      );
    }, SEARCH_DELAY_MS);
  }

  function choose(option: ComboboxOption) {
    const next = option.id ? option : null;
    clearTimeout(timer.current);
    request.current?.abort();
    flushSync(() => {
      setChosen(next);
      setText(next?.label ?? "");
      setOpen(false);
      setActive(-1);
      setStatus("idle");
    });
    onSelect(next, inputRef.current?.form ?? null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) {
          setOpen(true);
          if (!event.altKey) setActive(0);
        } else setActive(active >= last ? 0 : active + 1);
        return;
      case "ArrowUp":
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(last);
        } else setActive(active <= 0 ? last : active - 1);
        return;
      case "Enter":
        if (open && active >= 0 && options[active]) {
          event.preventDefault();
          choose(options[active]);
        }
        return;
      case "Escape":
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          setText("");
          runSearch("");
        }
        return;
      case "Tab":
        setOpen(false);
        return;
    }
  }

  const count = listed.length;
  const announcement =
    status === "loading"
      ? `Searching ${noun[1]}…`
      : status === "error"
        ? `Could not load ${noun[1]}. Try again.`
        : open
          ? count === 0
            ? `No ${noun[1]} match`
            : `${count} ${count === 1 ? noun[0] : noun[1]} listed`
          : "";

  return (
    <div className={clsx("relative", className)}>
      <input type="hidden" name={name} value={chosen?.id ?? ""} />
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
          value={text}
          placeholder={placeholder}
          maxLength={100}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setOpen(true);
            setActive(-1);
            runSearch(event.currentTarget.value.trim());
          }}
          onKeyDown={onKeyDown}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            // Leaving the field keeps the choice: the text goes back to what is chosen.
            if (text !== (chosen?.label ?? "")) {
              setText(chosen?.label ?? "");
              runSearch("");
            }
          }}
          className={clsx(
            "block w-full rounded-lg border bg-white py-2 pr-9 pl-3 text-sm text-ink-950 placeholder:text-ink-500 hover:border-ink-500 focus-visible:border-ink-900 aria-[invalid=true]:bg-red-50/40",
            invalid ? "border-red-700" : "border-ink-300",
          )}
        />
        <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-500" />
      </div>
      <div
        hidden={!open}
        // Keeps focus in the text field while an option is clicked.
        onMouseDown={(event) => event.preventDefault()}
        className="absolute inset-x-0 z-30 mt-1 rounded-lg border border-ink-200 bg-white py-1 text-sm shadow-lg"
      >
        {/* The listbox itself scrolls: a combobox's popup is reached through the text field, not by Tab. */}
        <ul id={listboxId} role="listbox" aria-labelledby={labelId} className="max-h-72 overflow-y-auto">
          {options.map((option, index) => (
            <li
              key={option.id || "none"}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              onClick={() => choose(option)}
              onMouseMove={() => index !== active && setActive(index)}
              className={clsx("flex cursor-pointer items-start gap-2 px-3 py-2 text-ink-950", index === active && "bg-ink-100 outline-2 -outline-offset-2 outline-ink-900")}
            >
              <Check aria-hidden="true" className={clsx("mt-0.5 size-4 shrink-0", (chosen?.id ?? "") === option.id ? "text-ink-900" : "invisible")} />
              <span className={clsx(!option.id && "font-semibold")}>
                {option.label}
                {(chosen?.id ?? "") === option.id ? <span className="sr-only"> (chosen)</span> : null}
              </span>
            </li>
          ))}
        </ul>
        {status === "idle" && searching && count === 0 ? <p className="px-3 py-2 text-ink-700">No {noun[1]} match “{text.trim()}”</p> : null}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
