// Shapes of the site's typed content (docs/product.md §1.4). The company edits app/content only.

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

/**
 * A raster image written in several widths, each in AVIF and WebP, as `${base}-${width}.avif`
 * and `.webp` (scripts/media/posters.mjs). `src` is the WebP at the full `width`.
 */
export type ResponsiveImage = ImageAsset & { base: string; widths: readonly number[] };

export type ServiceId = "funding" | "employment" | "accommodation" | "vehicle" | "legal" | "concierge";

export type Service = {
  id: ServiceId;
  title: string;
  /** One line for cards. */
  summary: string;
  /** A paragraph for the detail panel. */
  description: string;
  features: string[];
  image: ResponsiveImage;
  /** The concierge service is shown in a dark theme (docs/product.md §2.5). */
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

/** A video offered in two encodings; the browser picks the first it can play. */
export type VideoSources = { webm: string; mp4: string };

/** The landing page's hero: copy, poster images and the intro video (docs/product.md §2.3). */
export type HeroContent = {
  eyebrow: string;
  headline: string;
  body: string;
  /** Shown below 1024px wide. */
  posterTall: ResponsiveImage;
  /** Shown from 1024px wide. */
  posterWide: ResponsiveImage;
  videoTall: VideoSources;
  videoWide: VideoSources;
};

/** A partner shown on /; its logo is the slice of the partner logos image at its position in the list. */
export type Partner = { name: string; logo: string };

/** A card of 'Choose Your Next Step' on the landing page. */
export type NextStepOption = {
  id: "consultation" | "seminar" | "intro-call";
  title: string;
  /** Lead text; the seminar card shows the seminar itself instead. */
  body?: string;
  points: string[];
  cta: { label: string; to: string };
};

export type Stat = { value: string; label: string };

/** A director on /about and the business card: the profile plus where they work. */
export type TeamMember = PersonProfile & {
  officeId: Office["id"];
  /** One line under the name, e.g. "Moved from Durban to London in 2008". */
  tagline: string;
  /** The intro video in WebM, offered before the MP4 in `video.src`. */
  videoWebm: string;
};

/** An expandable "what makes us different" card on /about. */
export type DifferenceCard = {
  id: string;
  /** Name of a lucide icon the about feature knows how to draw. */
  icon: "plane" | "globe" | "route" | "scale";
  title: string;
  /** Always visible. */
  summary: string;
  /** Shown when the card is expanded. */
  details: string[];
};

export type LegalDocumentId = "privacy" | "terms" | "cookies";

export type LegalSection = {
  heading: string;
  paragraphs: string[];
  /** An optional bulleted list after the paragraphs. */
  list?: string[];
};

/** A policy on /legal: one tab, addressed by its id as the URL hash. */
export type LegalDocument = {
  id: LegalDocumentId;
  title: string;
  /** Display form, e.g. "March 20, 2024" (docs/product.md §2.15). */
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
};

/** A benefit card in 'Why Attend?' on /events; `icon` names a lucide icon the seminars feature draws. */
export type EventBenefit = {
  icon: "compass" | "users" | "wallet" | "messages";
  title: string;
  description: string;
};

/** A topic in 'What You'll Learn' on /events. */
export type EventTopic = { title: string; description: string };

/** A way to get advice without a seminar ('Can't Attend an Event?' on /events). */
export type EventAlternative = {
  id: "paid-consultation" | "free-call";
  title: string;
  body: string;
  meta: string;
  cta: { label: string; to: string };
};

/** A highlight of the private consultation on /consultations; `icon` names a lucide icon the consultations feature draws. */
export type ConsultationHighlight = {
  icon: "user-check" | "file-text" | "wallet" | "video";
  title: string;
  description: string;
};

/** What a visitor leaves a consultation with: assessment, advice, action plan (docs/product.md §2.12). */
export type ConsultationOutcome = {
  id: "assessment" | "advice" | "action-plan";
  title: string;
  description: string;
  points: string[];
};

/** A step of "How it works" on /consultations. */
export type ConsultationStep = { title: string; description: string };
