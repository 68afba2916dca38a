// Shapes of the site's typed content (DECISIONS.md §8). The company edits app/content only.

export type Office = {
  id: "london" | "durban";
  name: string;
  country: "United Kingdom" | "South Africa";
  countryCode: "GB" | "ZA";
  streetAddress: string;
  locality: string;
  region?: string;
  postalCode: string;
  /** Display form, e.g. +44 20 7946 0321. */
  phone: string;
  /** E.164 form for tel: links, e.g. +442079460321. */
  phoneE164: string;
  hours: string;
};

export type SocialLink = { network: "Facebook" | "Instagram" | "LinkedIn"; href: string };

export type ImageAsset = { src: string; alt: string; width: number; height: number };

export type ServiceId = "funding" | "employment" | "accommodation" | "vehicle" | "legal" | "concierge";

export type Service = {
  id: ServiceId;
  title: string;
  /** One line for cards. */
  summary: string;
  /** A paragraph for the detail panel. */
  description: string;
  features: string[];
  image: ImageAsset;
  /** The concierge service is shown in a dark theme (SPEC.md §2 /services). */
  darkMode?: boolean;
};

export type Package = {
  id: "essentials" | "prepared" | "premium";
  name: string;
  description: string;
  /** Whole pounds sterling. */
  pricePounds: number;
  features: string[];
  highlight?: boolean;
};

export type ProcessStep = { icon: string; title: string; description: string };

export type Testimonial = { name: string; from: string; to: string; quote: string };

export type PersonProfile = {
  id: string;
  name: string;
  role: string;
  image: ImageAsset;
  video: { src: string; poster: string; captions?: string };
  quote: string;
  story: string[];
  email: string;
  phone?: string;
  linkedIn?: string;
};

export type Faq = { question: string; answer: string };
