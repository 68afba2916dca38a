import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { HYDRATING_EVENT } from "~/lib/app-start.ts";

// React Router's default browser entry, plus one notice: from here on React keeps a press made
// before it has hydrated and replays it, so the starter of a marketing page (app/lib/app-start.ts)
// stops keeping one itself.
window.dispatchEvent(new Event(HYDRATING_EVENT));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
