import type { PreferredContact } from "../schema/enums.ts";

// Demo contacts (the people who book). E-mail addresses use reserved example domains and
// the phone numbers are invented, so the demo never reaches a real person.

export type DemoContact = {
  key: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string | null;
  preferredContact: PreferredContact;
  /** When the contact first booked, in days before the seed. */
  firstSeenDaysAgo: number;
};

export const demoContacts: readonly DemoContact[] = [
  {
    key: "sipho",
    firstName: "Sipho",
    lastName: "Ndlovu",
    email: "sipho.ndlovu@example.co.za",
    phone: "+27 82 555 0141",
    address: "14 Ridge Road, Glenwood, Durban, 4001",
    preferredContact: "whatsapp",
    firstSeenDaysAgo: 52,
  },
  {
    key: "thandiwe",
    firstName: "Thandiwe",
    lastName: "Mokoena",
    email: "thandiwe.mokoena@example.com",
    phone: "+27 83 555 0172",
    address: "7 Jan Smuts Avenue, Parktown North, Johannesburg, 2193",
    preferredContact: "email",
    firstSeenDaysAgo: 21,
  },
  {
    key: "pieter",
    firstName: "Pieter",
    lastName: "van der Merwe",
    email: "pieter.vdmerwe@example.co.za",
    phone: "+27 84 555 0118",
    address: "31 Rigel Avenue, Erasmusrand, Pretoria, 0181",
    preferredContact: "phone",
    firstSeenDaysAgo: 19,
  },
  {
    key: "ayesha",
    firstName: "Ayesha",
    lastName: "Naidoo",
    email: "ayesha.naidoo@example.com",
    phone: "+27 81 555 0193",
    address: "22 Chartwell Drive, Umhlanga, Durban, 4319",
    preferredContact: "whatsapp",
    firstSeenDaysAgo: 17,
  },
  {
    key: "johan",
    firstName: "Johan",
    lastName: "Botha",
    email: "johan.botha@example.co.za",
    phone: "+27 82 555 0127",
    address: "9 Kloof Street, Gardens, Cape Town, 8001",
    preferredContact: "email",
    firstSeenDaysAgo: 15,
  },
  {
    key: "lerato",
    firstName: "Lerato",
    lastName: "Khumalo",
    email: "lerato.khumalo@example.com",
    phone: "+27 83 555 0164",
    address: null,
    preferredContact: "whatsapp",
    firstSeenDaysAgo: 14,
  },
  {
    key: "kiara",
    firstName: "Kiara",
    lastName: "Pillay",
    email: "kiara.pillay@example.co.za",
    phone: "+27 84 555 0135",
    address: "5 Musgrave Road, Berea, Durban, 4001",
    preferredContact: "email",
    firstSeenDaysAgo: 46,
  },
  {
    key: "megan",
    firstName: "Megan",
    lastName: "Fourie",
    email: "megan.fourie@example.com",
    phone: "+27 82 555 0188",
    address: "18 Durban Road, Bellville, Cape Town, 7530",
    preferredContact: "phone",
    firstSeenDaysAgo: 11,
  },
  {
    key: "bongani",
    firstName: "Bongani",
    lastName: "Zulu",
    email: "bongani.zulu@example.co.za",
    phone: "+27 81 555 0152",
    address: null,
    preferredContact: "whatsapp",
    firstSeenDaysAgo: 44,
  },
  {
    key: "nadia",
    firstName: "Nadia",
    lastName: "Jacobs",
    email: "nadia.jacobs@example.com",
    phone: "+27 83 555 0109",
    address: "41 Main Road, Rondebosch, Cape Town, 7700",
    preferredContact: "email",
    firstSeenDaysAgo: 9,
  },
];
