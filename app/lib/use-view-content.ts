import { useEffect } from "react";
import { trackPixel, type PixelEvent } from "./analytics.ts";

export type ViewContentEvent = Extract<PixelEvent, { name: "ViewContent" }>;

/** Reports the first step of the booking funnel once per item shown (null: nothing bookable here). */
export function useViewContent(event: Omit<ViewContentEvent, "name"> | null) {
  // By value: a re-render with an equal event is not a second view.
  const key = event ? JSON.stringify(event) : null;
  useEffect(() => {
    if (key) trackPixel({ name: "ViewContent", ...(JSON.parse(key) as Omit<ViewContentEvent, "name">) });
  }, [key]);
}
