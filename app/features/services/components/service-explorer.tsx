import { useEffect, useRef, useState } from "react";
import { Tabs, TabsNoScript, TabsPanel, useHashTab } from "~/components/ui/tabs.tsx";
import { useMediaQuery } from "~/components/ui/use-media-query.ts";
import { findService, serviceIds, services } from "~/content/services.ts";
import type { ServiceId } from "~/content/types.ts";
import { track } from "~/lib/analytics.ts";
import { idFromHash, preferredScrollBehavior } from "~/lib/hash-scroll.ts";
import { DEFAULT_SERVICE_ID, DESKTOP_MEDIA_QUERY, OVERLAY_TO_SCROLL_DELAY_MS, SERVICES_CTA_ID } from "../rules.ts";
import { ServiceDetail } from "./service-detail.tsx";
import { ServiceOverlay } from "./service-overlay.tsx";
import { ServiceTabList } from "./service-tab-list.tsx";

function findTrigger(list: HTMLElement | null, id: ServiceId): HTMLElement | null {
  return list?.querySelector<HTMLElement>(`[data-service="${id}"]`) ?? null;
}

/** Brings the call-to-action block into view and puts keyboard focus on its heading. */
function goToCallToAction() {
  const block = document.getElementById(SERVICES_CTA_ID);
  if (!block) return;
  block.scrollIntoView({ behavior: preferredScrollBehavior(), block: "start" });
  block.querySelector<HTMLElement>("[data-cta-focus]")?.focus({ preventScroll: true });
}

/**
 * The six services as tabs. The URL hash (/services#vehicle) selects one on load and on
 * every hash change. From 1024px the chosen service shows in a panel beside the tabs;
 * below, choosing a service (or a hash naming one) opens it in a full-screen overlay.
 */
export function ServiceExplorer() {
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const { selected, hash, select } = useHashTab((urlHash) => idFromHash(urlHash, serviceIds), DEFAULT_SERVICE_ID);
  // The overlay keeps its service while it closes, so focus can go back to that tab.
  const [overlay, setOverlay] = useState<{ id: ServiceId; open: boolean } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // The hash this component wrote itself, which needs no scrolling.
  const ownHash = useRef<string | null>(null);
  const startingJourney = useRef(false);

  // A hash from outside (a link from the home page, the address bar): show that service.
  useEffect(() => {
    const id = idFromHash(hash, serviceIds);
    if (!id) return;
    if (ownHash.current === hash) {
      ownHash.current = null;
      return;
    }
    const timer = window.setTimeout(() => {
      const desktop = window.matchMedia(DESKTOP_MEDIA_QUERY).matches;
      if (desktop) {
        // On a desktop the panel carries the id.
        document.getElementById(id)?.scrollIntoView({ behavior: preferredScrollBehavior(), block: "start" });
        return;
      }
      // On a phone the service opens in its overlay, as a tap would open it; its card is
      // brought into view behind it, so closing the overlay lands there (focus included).
      findTrigger(listRef.current, id)?.scrollIntoView({ block: "center" });
      setOverlay({ id, open: true });
    }, 50);
    return () => window.clearTimeout(timer);
  }, [hash]);

  function handleValueChange(value: string) {
    const id = idFromHash(value, serviceIds);
    // Radix reports one click twice (focus and mouse down); the URL already says which.
    if (!id || idFromHash(window.location.hash, serviceIds) === id) return;
    ownHash.current = `#${id}`;
    select(id);
    const service = findService(id);
    if (service) track({ name: "service_selection", service_name: service.title, service_id: id });
  }

  function handleActivate(id: ServiceId) {
    if (!window.matchMedia(DESKTOP_MEDIA_QUERY).matches) setOverlay({ id, open: true });
  }

  function startJourneyFromOverlay() {
    startingJourney.current = true;
    closeOverlay();
    track({ name: "button_click", button_name: "Start My Journey", button_location: "services_overlay", destination: `#${SERVICES_CTA_ID}` });
    window.setTimeout(goToCallToAction, OVERLAY_TO_SCROLL_DELAY_MS);
  }

  function startJourneyFromPanel() {
    track({ name: "button_click", button_name: "Start My Journey", button_location: "services_panel", destination: `#${SERVICES_CTA_ID}` });
    goToCallToAction();
  }

  function closeOverlay() {
    setOverlay((current) => (current ? { ...current, open: false } : null));
  }

  function handleOverlayCloseAutoFocus(event: Event) {
    event.preventDefault();
    if (startingJourney.current) {
      startingJourney.current = false;
      return;
    }
    if (overlay) findTrigger(listRef.current, overlay.id)?.focus({ preventScroll: true });
  }

  return (
    <section aria-labelledby="services-heading" className="render-lazily bg-ink-50 px-6 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <div className="max-w-3xl">
          <h2 id="services-heading" className="text-3xl font-semibold text-ink-900 sm:text-4xl">
            Six services, one plan
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-ink-700">
            Use as many or as few as you need. <span className="lg:hidden">Tap a service to see what it includes.</span>
            <span className="hidden lg:inline">Choose a service to see what it includes.</span>
          </p>
        </div>
        <TabsNoScript label="Services on this page" links={services.map((service) => ({ id: service.id, label: service.title }))} />
        <Tabs
          value={selected}
          onValueChange={handleValueChange}
          orientation="vertical"
          activationMode={isDesktop ? "automatic" : "manual"}
          className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start"
        >
          <ServiceTabList ref={listRef} onActivate={handleActivate} />
          {/* Panels show from 1024px; below, the overlay does (data-tabs-panel: shown without JavaScript). */}
          <div className="hidden lg:block" data-tabs-panel="">
            {services.map((service) => (
              <TabsPanel key={service.id} value={service.id} className="rounded-3xl">
                <div id={service.id} className="scroll-mt-28">
                  <ServiceDetail
                    layout="panel"
                    service={service}
                    onStartJourney={startJourneyFromPanel}
                    heading={<h3 className="mt-2 text-3xl font-semibold sm:text-4xl">{service.title}</h3>}
                  />
                </div>
              </TabsPanel>
            ))}
          </div>
        </Tabs>
      </div>
      <ServiceOverlay
        service={overlay ? findService(overlay.id) : undefined}
        open={overlay?.open === true && !isDesktop}
        onClose={closeOverlay}
        onStartJourney={startJourneyFromOverlay}
        onCloseAutoFocus={handleOverlayCloseAutoFocus}
      />
    </section>
  );
}
