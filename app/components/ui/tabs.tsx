import * as RadixTabs from "@radix-ui/react-tabs";
import { clsx } from "clsx";
import { useCallback, useState, useSyncExternalStore, type ComponentProps } from "react";
import { useLocation } from "react-router";

// Accessible tabs (Radix: roving focus, arrow keys, aria-selected/controls) in the site's
// style. Every panel is rendered on the server so that, without JavaScript, <TabsNoScript>
// can show all of them one after another.

export const Tabs = RadixTabs.Root;

type ListProps = ComponentProps<typeof RadixTabs.List> & { variant?: "pills" | "plain" };

export function TabsList({ variant = "pills", className, ...props }: ListProps) {
  return (
    <RadixTabs.List
      data-tabs-list=""
      className={clsx(
        variant === "pills" && "gap-1 rounded-2xl bg-ink-50 p-1.5 ring-1 ring-ink-100",
        // The caller's classes choose the layout (grid, flex…); without them, a row of pills.
        className ?? (variant === "pills" ? "inline-flex max-w-full flex-wrap" : undefined),
      )}
      {...props}
    />
  );
}

type TriggerProps = ComponentProps<typeof RadixTabs.Trigger> & { variant?: "pills" | "plain" };

export function TabsTrigger({ variant = "pills", className, ...props }: TriggerProps) {
  return (
    <RadixTabs.Trigger
      className={clsx(
        "cursor-pointer focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sun-500",
        variant === "pills" &&
          "rounded-xl px-3 py-2.5 text-sm sm:px-4 font-semibold text-ink-700 transition-colors hover:bg-white hover:text-ink-900 data-[state=active]:bg-ink-900 data-[state=active]:text-white data-[state=active]:shadow-sm sm:text-base",
        className,
      )}
      {...props}
    />
  );
}

/** A panel that is always in the document; inactive panels are hidden with CSS. */
export function TabsPanel({ className, ...props }: Omit<ComponentProps<typeof RadixTabs.Content>, "forceMount">) {
  return (
    <RadixTabs.Content
      forceMount
      data-tabs-panel=""
      className={clsx("data-[state=inactive]:hidden focus-visible:outline-3 focus-visible:outline-offset-4", className)}
      {...props}
    />
  );
}

/** Without JavaScript the tab buttons hide and every panel shows (root.tsx puts this in the head's <noscript>). */
export const TABS_NOSCRIPT_CSS = "[data-tabs-list]{display:none!important}[data-tabs-panel]{display:block!important}";

/**
 * Without JavaScript the tab buttons cannot work: hide them (TABS_NOSCRIPT_CSS), show every
 * panel, and offer plain anchor links to the panels' ids instead.
 */
export function TabsNoScript({ links, label }: { links: { id: string; label: string }[]; label: string }) {
  return (
    <noscript>
      <nav aria-label={label} className="mb-8">
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {links.map((link) => (
            <li key={link.id}>
              <a href={`#${link.id}`} className="font-semibold text-ink-800 underline underline-offset-4">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </noscript>
  );
}

// --- The URL hash as the selected tab -------------------------------------------------

const HASH_REPLACED = "thula:hash-replaced";

function subscribeToHash(onChange: () => void) {
  window.addEventListener("hashchange", onChange);
  window.addEventListener("popstate", onChange);
  window.addEventListener(HASH_REPLACED, onChange);
  return () => {
    window.removeEventListener("hashchange", onChange);
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(HASH_REPLACED, onChange);
  };
}

/** The URL's hash, kept in sync with the browser ("" on the server and at hydration). */
export function useUrlHash(): string {
  // Router navigations (a <Link> to "/legal#terms" while on /legal) push history without
  // any event; reading the location re-renders this component, which re-reads the hash.
  useLocation();
  return useSyncExternalStore(
    subscribeToHash,
    () => window.location.hash,
    () => "",
  );
}

/** Puts a hash in the address bar without a navigation, a scroll or a history entry. */
export function replaceUrlHash(id: string) {
  const url = new URL(window.location.href);
  url.hash = id;
  // Keeps the router's own history state, so back/forward still work.
  window.history.replaceState(window.history.state, "", url);
  window.dispatchEvent(new Event(HASH_REPLACED));
}

/**
 * A tab selection that follows the URL hash: on load, on hashchange and on router
 * navigations a hash that names a tab selects it; any other hash (e.g. "#main" from the
 * skip link) leaves the selection alone. `select` selects a tab and writes its hash.
 */
export function useHashTab<T extends string>(
  parse: (hash: string) => T | undefined,
  fallback: T,
): { selected: T; hash: string; select: (id: T) => void } {
  const hash = useUrlHash();
  const [state, setState] = useState<{ selected: T; seenHash: string }>({ selected: fallback, seenHash: "" });
  let selected = state.selected;
  if (hash !== state.seenHash) {
    // Adjusting state to a changed input during render (react.dev: "storing information
    // from previous renders"): no effect, no extra paint with the wrong tab.
    selected = parse(hash) ?? state.selected;
    setState({ selected, seenHash: hash });
  }
  const select = useCallback((id: T) => {
    replaceUrlHash(id);
    setState({ selected: id, seenHash: `#${id}` });
  }, []);
  return { selected, hash, select };
}
