// Browser-safe shapes other features' pages show (the marketing cards), so their components
// never import server modules for a type.

/** The next seminar as the marketing cards show it (home, about, services, blog, consultations). */
export type NextSeminar = {
  id: string;
  title: string;
  seminarDate: string;
  seminarTime: string;
  city: string;
  venueName: string;
  location: string;
  priceCents: number;
  currentAttendees: number;
};
