/** "Durban", "durban " and "Durban 4319" (a postal code before or after) all name Durban. */
function namesCity(part: string, city: string): boolean {
  const words = part.trim().toLowerCase().replace(/^\d{4}\s+|\s+\d{4}$/g, "");
  return words === city;
}

/**
 * A street address with its city, the city added only when the address does not already
 * name it as one of its comma-separated parts ("12 Lagoon Drive, Durban, 4319" stays as it
 * is; "2 Lighthouse Road, Umhlanga" becomes "2 Lighthouse Road, Umhlanga, Durban").
 * A city that only appears inside a longer name ("Durbanville") is still added.
 * The one rule for the e-mails' addresses and the calendar file's LOCATION.
 */
export function addressWithCity(address: string, city: string): string {
  const street = address.trim();
  const town = city.trim();
  if (!town) return street;
  if (street.split(",").some((part) => namesCity(part, town.toLowerCase()))) return street;
  return [street, town].filter(Boolean).join(", ");
}

/** Venue, address and city as one line, the city said once. */
export function venueWithAddress(venueName: string, address: string, city: string): string {
  return [venueName.trim(), addressWithCity(address, city)].filter(Boolean).join(", ");
}

/** A map search for a place: opens the visitor's own map app on a phone, the map in a browser. */
export function mapSearchLink(place: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
}
