import { createContext, useContext } from "react";
import type { TrackingSetup } from "../setup.ts";

export type ConsentControls = {
  setup: TrackingSetup;
  /** Does this page offer a choice (a tracker is configured, and it is not the admin portal)? */
  offered: boolean;
  openSettings(): void;
};

export const ConsentContext = createContext<ConsentControls | null>(null);

/** The visitor's choice and a way to open the cookie settings; null outside the consent root. */
export function useConsentControls(): ConsentControls | null {
  return useContext(ConsentContext);
}
