import { useConsentControls } from "./consent-context.tsx";

/** Without JavaScript the item hides (root.tsx puts this in the head's <noscript>). */
export const COOKIE_SETTINGS_NOSCRIPT_CSS = "[data-cookie-settings-item]{display:none!important}";

/**
 * "Cookie settings" as an item of the footer's legal list: opens the settings dialog.
 * Hidden without JavaScript (a button could do nothing there); the Cookie Policy link
 * beside it leads to the same settings on /legal#cookies.
 */
export function CookieSettingsListItem({ className }: { className?: string }) {
  const controls = useConsentControls();
  if (!controls?.offered) return null;
  return (
    <li data-cookie-settings-item="">
      <button type="button" onClick={controls.openSettings} className={`cursor-pointer ${className ?? ""}`}>
        Cookie settings
      </button>
    </li>
  );
}
