import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog.tsx";
import type { Service } from "~/content/types.ts";
import { ServiceDetail } from "./service-detail.tsx";

type Props = {
  service: Service | undefined;
  open: boolean;
  onClose: () => void;
  onStartJourney: () => void;
  /** Where focus goes once the overlay has closed (the overlay has no Radix trigger). */
  onCloseAutoFocus: (event: Event) => void;
};

/** Under 1024px: the chosen service on a full-screen layer; the page behind cannot scroll. */
export function ServiceOverlay({ service, open, onClose, onStartJourney, onCloseAutoFocus }: Props) {
  return (
    <Dialog open={open && service !== undefined} onOpenChange={(next) => (next ? undefined : onClose())}>
      {service ? (
        <DialogContent
          layout="fullscreen"
          tone={service.darkMode ? "dark" : "light"}
          closeLabel={`Close ${service.title}`}
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          data-testid="service-overlay"
        >
          <ServiceDetail
            layout="overlay"
            service={service}
            onStartJourney={onStartJourney}
            heading={<DialogTitle className="mt-2 text-3xl">{service.title}</DialogTitle>}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
