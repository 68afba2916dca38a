import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { browserEnv, clearTrackerCookies, startTrackers } from "~/features/tracking/trackers.ts";
import { connectAnalytics } from "~/lib/analytics.ts";
import { hasOptionalTracking, type TrackingSetup } from "../setup.ts";
import { ConsentContext, type ConsentControls } from "./consent-context.tsx";
import { CookieBanner } from "./cookie-banner.tsx";
import { CookieSettingsDialog } from "./cookie-settings-dialog.tsx";

const isPortal = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

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
  const portal = isPortal(pathname);
  const offered = hasOptionalTracking(setup) && !portal;
  const [settingsOpen, setSettingsOpen] = useState(false);
  useTrackers(setup, !portal);

  const controls = useMemo<ConsentControls>(() => ({ setup, offered, openSettings: () => setSettingsOpen(true) }), [setup, offered]);
  return (
    <ConsentContext value={controls}>
      {offered && setup.choice === null && <CookieBanner setup={setup} onChoose={() => setSettingsOpen(true)} />}
      {children}
      {offered && <CookieSettingsDialog setup={setup} open={settingsOpen} onOpenChange={setSettingsOpen} />}
    </ConsentContext>
  );
}
