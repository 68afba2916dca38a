// The offer page's data (browser-safe): what the signed link shows now (docs/decisions/027).

type OfferFacts = {
  seminar: { id: string; title: string; seminarDate: string; seminarTime: string; venueName: string; city: string };
  seats: number;
  firstName: string;
};

export type OfferView =
  | (OfferFacts & { state: "waiting"; place: number })
  | (OfferFacts & { state: "offered"; amountCents: number; priceCents: number; expiresAt: string; holderName: string })
  | (OfferFacts & { state: "booked" | "lapsed" | "withdrawn" });
