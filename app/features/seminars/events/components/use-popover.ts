import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";

/**
 * A small disclosure popover: the trigger toggles it; Escape closes it and returns focus to
 * the trigger; a click outside, or focus leaving it, closes it.
 */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function close({ returnFocus }: { returnFocus: boolean }) {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Escape" || !open) return;
    event.preventDefault();
    event.stopPropagation();
    close({ returnFocus: true });
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    // relatedTarget is null for a click on plain text inside the panel: that is not leaving.
    const next = event.relatedTarget as Node | null;
    if (open && next && !containerRef.current?.contains(next)) setOpen(false);
  }

  return {
    open,
    toggle: () => setOpen((value) => !value),
    close,
    triggerRef,
    containerProps: { ref: containerRef, onKeyDown, onBlur },
  };
}
