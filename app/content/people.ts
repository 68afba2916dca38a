import type { TeamMember } from "./types.ts";

// The two directors shown on /about; the managing director is also the business card.

export const nomvula: TeamMember = {
  id: "nomvula-mthembu",
  name: "Nomvula Mthembu",
  role: "Managing Director",
  officeId: "london",
  tagline: "Moved from Durban to London in 2008",
  image: {
    src: "/media/people/nomvula-mthembu.svg",
    alt: "Portrait of Nomvula Mthembu, Managing Director of Thula Relocations",
    width: 480,
    height: 480,
  },
  video: {
    src: "/media/people/nomvula-mthembu-intro.mp4",
    poster: "/media/people/nomvula-mthembu-poster.webp",
    captions: "/media/people/nomvula-mthembu-intro.vtt",
  },
  videoWebm: "/media/people/nomvula-mthembu-intro.webm",
  quote:
    "Nobody should have to learn the UK the hard way. I already did that part, so the families we move don't have to.",
  story: [
    "Nomvula grew up in Umlazi and trained as a chartered accountant in Durban. In January 2008 she landed at Heathrow with two suitcases, the right to work and a CV that no London recruiter understood. It took her eleven weeks, three rejected rental applications and a bank that would not open an account without a utility bill before her new life in the UK felt like it had started.",
    "She spent the next ten years in finance operations in the City, and most of her evenings answering WhatsApp messages from friends, cousins and colleagues back home who were planning the same move. Which areas are safe and affordable? Will a landlord accept my payslip? Do I need a UK driving test? By 2018 the questions filled more of her week than her job did.",
    "In 2019 she founded Thula Relocations with Pieter Botha to answer those questions properly, for everyone, and to take the paperwork off families' shoulders. Thula is isiZulu for \"hush, be calm\": what her grandmother said when something felt too big. Nomvula runs the London office, our employer and landlord partnerships, and still meets many families at the airport herself.",
  ],
  email: "nomvula@thularelocations.co.uk",
  phone: "+44 20 7946 0321",
  linkedIn: "https://www.linkedin.com/in/nomvula-mthembu-thula",
};

export const pieter: TeamMember = {
  id: "pieter-botha",
  name: "Pieter Botha",
  role: "Director",
  officeId: "durban",
  tagline: "Runs our Durban office and South African seminars",
  image: {
    src: "/media/people/pieter-botha.svg",
    alt: "Portrait of Pieter Botha, Director of Thula Relocations",
    width: 480,
    height: 480,
  },
  video: {
    src: "/media/people/pieter-botha-intro.mp4",
    poster: "/media/people/pieter-botha-poster.webp",
    captions: "/media/people/pieter-botha-intro.vtt",
  },
  videoWebm: "/media/people/pieter-botha-intro.webm",
  quote:
    "The move starts long before the flight. Get the South African side right, and the UK side becomes a great deal easier.",
  story: [
    "Pieter grew up in Pietermaritzburg and spent five years as a project engineer in Manchester before coming home to KwaZulu-Natal in 2016. He knows both ends of the journey: what it takes to sell a house and a car in South Africa, ship what matters and close accounts properly, and what it feels like to arrive in a grey Manchester February knowing nobody.",
    "Before Thula he ran a freight-forwarding business in Durban for eight years, which is why our clients' containers, pets and paperwork tend to arrive when they should. He joined Nomvula as co-founder in 2019 and built the South African side of the company: the Durban office, our partner lenders and the seminars we hold in Durban, Johannesburg, Pretoria and Cape Town.",
    "Most families meet Pieter first, at a seminar or in a first consultation. He will tell you honestly whether the move makes sense for you now, what it will really cost in rand and in pounds, and which parts you can safely do yourself.",
  ],
  email: "pieter@thularelocations.co.uk",
  phone: "+27 31 555 0142",
  linkedIn: "https://www.linkedin.com/in/pieter-botha-durban",
};

/** In the order /about shows them. */
export const team: readonly TeamMember[] = [nomvula, pieter];
