import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { browserEnv, clearTrackerCookies, startTrackers } from "~/features/tracking/trackers.ts";
import { connectAnalytics } from "~/lib/analytics.ts";
import { isPortalPath } from "~/lib/portal.ts";
import { hasOptionalTracking, type TrackingSetup } from "../setup.ts";
import { ConsentContext, type ConsentControls } from "./consent-context.tsx";
import { CookieBanner } from "./cookie-banner.tsx";

// The settings dialog (and the dialog library under it) is fetched when first opened: most
// visits answer the banner with one click, or never see it, and should not pay for it.
const CookieSettingsDialog = lazy(() => import("./cookie-settings-dialog.tsx").then((module) => ({ default: module.CookieSettingsDialog })));

/**
 * Connects the tracking module to the trackers the visitor allowed (none until they
 * choose), and leaves the others' cookies deleted. The admin portal is never tracked.
 */
function useTrackers(setup: TrackingSetup, enabled: boolean) {
  const { gaMeasurementId, metaPixelId } = setup.ids;
  useEffect(() => {
    const env = browserEnv();
    clearTrackerCookies(env, { analytics: Boolean(gaMeasurementId), marketing: Boolean(metaPixelId) });
    connectAnalytics(enabled ? startTrackers(env, { gaMeasurementId, metaPixelId }) : undefined);
  }, [enabled, gaMeasurementId, metaPixelId]);
}

/** Around every page: the consent context, the first-visit banner, the settings dialog and the trackers. */
export function ConsentRoot({ setup, children }: { setup: TrackingSetup; children: ReactNode }) {
  const { pathname } = useLocation();
  const portal = isPortalPath(pathname);
  const offered = hasOptionalTracking(setup) && !portal;
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Once opened it stays mounted, so closing it animates and returns focus like any dialog.
  const [settingsWanted, setSettingsWanted] = useState(false);
  useTrackers(setup, !portal);

  const openSettings = useCallback(() => {
    setSettingsWanted(true);
    setSettingsOpen(true);
  }, []);

  const controls = useMemo<ConsentControls>(() => ({ setup, offered, openSettings }), [setup, offered, openSettings]);
  return (
    <ConsentContext value={controls}>
      {offered && setup.choice === null && <CookieBanner setup={setup} onChoose={openSettings} />}
      {children}
      {offered && settingsWanted && (
        <Suspense fallback={null}>
          <CookieSettingsDialog setup={setup} open={settingsOpen} onOpenChange={setSettingsOpen} />
        </Suspense>
      )}
    </ConsentContext>
  );
}
