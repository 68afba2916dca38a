// Demo seminars, dated relative to "today" in South Africa so the demo always has upcoming events.

export type DemoSeminar = {
  key: string;
  /** Days from today (Africa/Johannesburg); negative for a seminar that has taken place. */
  dayOffset: number;
  title: string;
  description: string;
  city: string;
  venueName: string;
  /** Room and street address. */
  address: string;
  seminarTime: string;
  priceCents: number;
  maxAttendees: number;
  isActive: boolean;
};

export const demoOrganizerName = "Thula Relocations";

const venues = {
  umhlanga: {
    city: "Durban",
    venueName: "Harbourview Hotel Umhlanga",
    address: "Baobab Conference Room, 12 Lagoon Drive, Umhlanga Rocks, Durban, 4319",
  },
  morningside: {
    city: "Durban",
    venueName: "Berea Heights Hotel",
    address: "Boardroom One, 201 Florida Road, Morningside, Durban, 4001",
  },
  sandton: {
    city: "Johannesburg",
    venueName: "The Sandton Grove Hotel",
    address: "Marula Conference Suite, 88 Rivonia Road, Sandton, Johannesburg, 2196",
  },
  rosebank: {
    city: "Johannesburg",
    venueName: "Rosebank Crescent Hotel",
    address: "Boardroom 3, 19 Tyrwhitt Avenue, Rosebank, Johannesburg, 2196",
  },
  foreshore: {
    city: "Cape Town",
    venueName: "Foreshore Quay Hotel",
    address: "Atlantic Room, 27 Heerengracht Street, Foreshore, Cape Town, 8001",
  },
  claremont: {
    city: "Cape Town",
    venueName: "Claremont Oaks Hotel",
    address: "Protea Room, 5 Main Road, Claremont, Cape Town, 7708",
  },
  menlyn: {
    city: "Pretoria",
    venueName: "Menlyn Park Lodge Hotel",
    address: "Jacaranda Room, 45 Lois Avenue, Menlyn, Pretoria, 0181",
  },
  summerstrand: {
    city: "Gqeberha",
    venueName: "Summerstrand Bay Hotel",
    address: "Algoa Conference Room, 9 Marine Drive, Summerstrand, Gqeberha, 6001",
  },
  westdene: {
    city: "Bloemfontein",
    venueName: "Westdene Park Hotel",
    address: "Naval Hill Room, 16 Kellner Street, Westdene, Bloemfontein, 9301",
  },
} as const;

const informationEvening =
  "A 2.5-hour evening for South Africans with a British passport, an ancestry visa or another right to live and work in the UK. " +
  "We walk through the move step by step: proving your right to work, funding, finding a first job and a first home, and what the first month costs. " +
  "Bring your questions; the team stays afterwards for one-to-one chats.";

export const demoSeminars: readonly DemoSeminar[] = [
  {
    key: "durban-past",
    dayOffset: -24,
    title: "Moving to the UK: Durban Information Evening",
    description: informationEvening,
    ...venues.umhlanga,
    seminarTime: "18:00",
    priceCents: 120000,
    maxAttendees: 30,
    isActive: true,
  },
  {
    key: "durban-next",
    dayOffset: 9,
    title: "Moving to the UK: Durban Information Evening",
    description: informationEvening,
    ...venues.umhlanga,
    seminarTime: "18:00",
    priceCents: 120000,
    maxAttendees: 30,
    isActive: true,
  },
  {
    key: "johannesburg-cv-clinic",
    dayOffset: 13,
    title: "Your UK CV Clinic: Johannesburg Small-Group Workshop",
    description:
      "A hands-on morning for ten people: bring your South African CV on a laptop and leave with a two-page UK version. " +
      "We cover what UK recruiters expect, what to remove (photo, ID number, age), and how to explain South African qualifications and employers.",
    ...venues.rosebank,
    seminarTime: "10:00",
    priceCents: 120000,
    maxAttendees: 10,
    isActive: true,
  },
  {
    key: "johannesburg-career",
    dayOffset: 16,
    title: "Your UK Career: Johannesburg Seminar",
    description:
      "For professionals planning their first UK role: which sectors are hiring South Africans, how UK recruitment agencies work, and how to get your qualifications recognised. " +
      "Our employer partners join for the last half hour to answer questions about interviews and start dates.",
    ...venues.sandton,
    seminarTime: "18:00",
    priceCents: 120000,
    maxAttendees: 40,
    isActive: true,
  },
  {
    key: "cape-town-evening",
    dayOffset: 23,
    title: "Moving to the UK: Cape Town Information Evening",
    description: informationEvening,
    ...venues.foreshore,
    seminarTime: "18:00",
    priceCents: 120000,
    maxAttendees: 30,
    isActive: true,
  },
  {
    key: "pretoria-funding",
    dayOffset: 30,
    title: "Funding Your UK Move: Pretoria Seminar",
    description:
      "What a move really costs, from flights and shipping to a UK rental deposit and your first month's bills, and how to pay for it. " +
      "We explain our funding packages, moving money out of South Africa within the exchange control rules, and building a UK credit history from day one.",
    ...venues.menlyn,
    seminarTime: "18:00",
    priceCents: 95000,
    maxAttendees: 30,
    isActive: true,
  },
  {
    key: "gqeberha-evening",
    dayOffset: 41,
    title: "Moving to the UK: Gqeberha Information Evening",
    description: informationEvening,
    ...venues.summerstrand,
    seminarTime: "18:00",
    priceCents: 120000,
    maxAttendees: 30,
    isActive: true,
  },
  {
    key: "pretoria-evening-postponed",
    dayOffset: 48,
    title: "Moving to the UK: Pretoria Information Evening",
    description: informationEvening,
    ...venues.menlyn,
    seminarTime: "18:00",
    priceCents: 120000,
    maxAttendees: 30,
    isActive: false,
  },
  {
    key: "bloemfontein-morning",
    dayOffset: 55,
    title: "Moving to the UK: Bloemfontein Information Morning",
    description:
      "Our first Free State session, held on a morning so families travelling in from Welkom, Kimberley and Bethlehem can get home before dark. " +
      "We cover proving your right to work, funding, jobs and housing, and what the first month in the UK looks like.",
    ...venues.westdene,
    seminarTime: "10:00",
    priceCents: 120000,
    maxAttendees: 30,
    isActive: true,
  },
  {
    key: "johannesburg-evening",
    dayOffset: 69,
    title: "Moving to the UK: Johannesburg Information Evening",
    description: informationEvening,
    ...venues.sandton,
    seminarTime: "18:00",
    priceCents: 120000,
    maxAttendees: 30,
    isActive: true,
  },
  {
    key: "cape-town-career",
    dayOffset: 84,
    title: "Your UK Career: Cape Town Seminar",
    description:
      "An extended morning for professionals in health, engineering, finance and teaching: registering with UK regulators, rewriting your CV, and interviewing from South Africa. " +
      "Includes a printed workbook and a fifteen-minute CV review with one of our employment consultants.",
    ...venues.claremont,
    seminarTime: "10:00",
    priceCents: 150000,
    maxAttendees: 30,
    isActive: true,
  },
  {
    key: "durban-later",
    dayOffset: 104,
    title: "Moving to the UK: Durban Information Evening",
    description: informationEvening,
    ...venues.morningside,
    seminarTime: "18:00",
    priceCents: 120000,
    maxAttendees: 30,
    isActive: true,
  },
];

export function seminarLocation(seminar: Pick<DemoSeminar, "venueName" | "city">): string {
  return `${seminar.venueName}, ${seminar.city}`;
}
