import { useEffect, useRef, useState } from "react";

/**
 * The draft of a filter form that applies itself: `change` sets the draft and applies it at
 * once, or after `delayMs` (typing); `apply` hands its search to `go`. The address is the
 * source of truth: the draft follows it when it changes for another reason (Back, a link),
 * but not when it is the echo of the visitor's own typing.
 */
export function useAppliedFilters<Draft>(urlDraft: Draft, searchFor: (draft: Draft) => string, go: (search: string) => void) {
  const timer = useRef<number | undefined>(undefined);
  const [draft, setDraft] = useState<Draft>(urlDraft);
  const urlSearch = searchFor(urlDraft);
  const [seenSearch, setSeenSearch] = useState(urlSearch);
  const [requestedSearch, setRequestedSearch] = useState(urlSearch);
  if (seenSearch !== urlSearch) {
    setSeenSearch(urlSearch);
    if (urlSearch !== requestedSearch) setDraft(urlDraft);
  }

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function apply(next: Draft) {
    window.clearTimeout(timer.current);
    const search = searchFor(next);
    setRequestedSearch(search);
    go(search);
  }

  function change(next: Draft, delayMs = 0) {
    setDraft(next);
    window.clearTimeout(timer.current);
    if (delayMs > 0) timer.current = window.setTimeout(() => apply(next), delayMs);
    else apply(next);
  }

  return { draft, setDraft, apply, change };
}
