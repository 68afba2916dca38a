import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { markHydrating, pageChangedBeforeStart } from "~/lib/app-start.ts";

// React Router's default browser entry, plus one word: from here on React keeps a press made
// before it has hydrated and replays it, so the starter of a marketing page (app/lib/app-start.ts)
// stops keeping one itself. And one quiet case: a marketing page that changed between being sent
// and being started (a seat taken meanwhile) no longer matches its data, and React renders it
// afresh, as it should; only then is its report of the difference not an error.
markHydrating(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
    {
      onRecoverableError(error) {
        if (!pageChangedBeforeStart(document)) reportError(error);
      },
    },
  );
});
