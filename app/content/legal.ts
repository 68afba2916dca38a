import { brand } from "./site.ts";
import type { LegalDocument, LegalDocumentId } from "./types.ts";

// The policies on /legal. Written for a company that serves people in the UK and in South
// Africa, so the privacy policy answers to both the UK GDPR and POPIA.

const LAST_UPDATED = "March 20, 2024";

const privacy: LegalDocument = {
  id: "privacy",
  title: "Privacy Policy",
  lastUpdated: LAST_UPDATED,
  intro:
    "This policy explains what personal information Thula Relocations collects when you use our website, attend a seminar, book a consultation or buy a relocation package, why we need it, who we share it with and the rights you have. It applies to visitors and clients in the United Kingdom and in South Africa.",
  sections: [
    {
      heading: "1. Who we are",
      paragraphs: [
        "Thula Relocations Ltd, 2nd Floor, 41 Eastcheap, London EC3M 1DT, United Kingdom, is the controller of your personal data under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. Our South African office at Suite 12, 18 Lighthouse Road, Umhlanga Ridge, Durban 4319, acts for us in South Africa, where we are the responsible party under the Protection of Personal Information Act 4 of 2013 (POPIA).",
        `Our managing director, Nomvula Mthembu, is responsible for data protection in the UK. Our director Pieter Botha is our Information Officer under POPIA. You can reach either of them at ${brand.privacyEmail} or at the office addresses above.`,
      ],
    },
    {
      heading: "2. The information we collect",
      paragraphs: ["We collect only what we need to plan and deliver your move:"],
      list: [
        "Contact details: your name, e-mail address, phone number, postal address and how you prefer us to contact you (e-mail, phone or WhatsApp).",
        "Booking details: the seminars and consultations you book, your preferred consultation time, notes you give us, and whether you have paid.",
        "Relocation details you choose to share during a consultation or package: family members moving with you, your work history and qualifications, your budget, and the documents that prove your right to live and work in the UK.",
        "Payment records: the amount, date and status of each payment. Card details are entered on our payment provider's page and never reach us.",
        "Website data: pages viewed and buttons used, and, only if you accept analytics or advertising cookies, identifiers set by those cookies (see our Cookie Policy).",
      ],
    },
    {
      heading: "3. Why we use it, and our lawful basis",
      paragraphs: [
        "We use your information to take and manage your bookings, to deliver the services you buy (including introducing you to employers, landlords, lenders and advisers with your agreement), to send booking confirmations and reminders, to answer your questions, and to meet our legal and tax obligations.",
        "Under the UK GDPR our lawful bases are: performing our contract with you, or taking steps you ask for before one; our legal obligations, such as keeping accounting records; our legitimate interests in running and improving our business, where these do not override your rights; and your consent, for analytics and advertising cookies and for marketing e-mails. Under POPIA we process your personal information with your consent, to conclude or perform a contract with you, to comply with the law, or to pursue our legitimate interests or yours (sections 11(1)(a), (b), (c) and (f)).",
        "Documents about your nationality or immigration status can reveal your racial or ethnic origin, and health information may come up when you tell us about a family member's needs. We use such special category (special personal) information only with your explicit consent and only for the service you ask for.",
      ],
    },
    {
      heading: "4. Who we share it with",
      paragraphs: [
        "We never sell your personal information. We share it only with:",
      ],
      list: [
        "Service providers who act on our instructions: website hosting, our database, e-mail delivery, our video-meeting service for consultations, and our payment provider (Stripe), which processes card payments as an independent controller under its own privacy policy.",
        "Partners you ask us to introduce you to: employers, recruitment agencies, letting agents and landlords, lenders, insurers and regulated immigration advisers. We tell you who each partner is before we pass on your details.",
        "Analytics (Google Analytics) and advertising (Meta) services, only if you accept those cookies.",
        "Professional advisers, regulators, courts and law enforcement, where the law requires it.",
      ],
    },
    {
      heading: "5. Transfers between South Africa and the UK",
      paragraphs: [
        "Because we serve people moving between South Africa and the United Kingdom, your information is held in both countries. Transfers from South Africa to the UK meet section 72 of POPIA: the UK GDPR gives your information protection substantially similar to POPIA, and our two offices are bound by a written data-sharing agreement.",
        "Transfers from the UK to South Africa, and to any service provider outside the UK, are protected by the UK International Data Transfer Agreement or the UK Addendum to the EU standard contractual clauses. You can ask us for a copy of the safeguards that apply to you.",
      ],
    },
    {
      heading: "6. How long we keep it",
      paragraphs: [
        "We keep booking, payment and package records for six years after the end of the tax year in which you last paid us, as UK tax law requires. Documents you share for a relocation are deleted twelve months after your move is complete, unless you ask us to keep them for longer. Enquiries that never become a booking are deleted after two years. You can withdraw from marketing e-mails at any time, and we then keep only the record of your objection.",
      ],
    },
    {
      heading: "7. Your rights",
      paragraphs: [
        "Under the UK GDPR you have the right to be informed, to access your personal data, to have it corrected or erased, to restrict or object to our use of it, to data portability, and to withdraw consent at any time. Under POPIA you have the right to know whether we hold your personal information, to access it, to ask us to correct, destroy or delete it, to object to its processing, and to object to direct marketing.",
        `To use any of these rights, e-mail ${brand.privacyEmail}. We will answer within one month (within 30 days for a POPIA request) and will not charge you, unless a request is clearly unfounded or excessive.`,
      ],
    },
    {
      heading: "8. Security",
      paragraphs: [
        "Our website uses encrypted connections, access to client records is limited to the staff who need it and protected by individual sign-ins, and our service providers are bound by contract to protect your information. If a breach puts your information at risk, we will tell you and the relevant regulator as the law requires: the ICO within 72 hours, and the Information Regulator as soon as reasonably possible.",
      ],
    },
    {
      heading: "9. Complaints",
      paragraphs: [
        `If you are unhappy with how we have handled your information, please tell us first at ${brand.privacyEmail} so that we can put it right. You also have the right to complain to the Information Commissioner's Office in the UK (ico.org.uk, 0303 123 1113) or to the Information Regulator in South Africa (inforegulator.org.za).`,
      ],
    },
    {
      heading: "10. Changes to this policy",
      paragraphs: [
        "We review this policy at least once a year. When we change it, we update the date at the top of this page, and if the change affects how we use information you have already given us, we will tell you by e-mail before it takes effect.",
      ],
    },
  ],
};

const terms: LegalDocument = {
  id: "terms",
  title: "Terms of Service",
  lastUpdated: LAST_UPDATED,
  intro:
    "These terms apply when you use our website, book a seminar or consultation, or buy a relocation package from Thula Relocations Ltd. Please read them before you book. Nothing in them affects your statutory rights as a consumer in the UK or under South Africa's Consumer Protection Act 68 of 2008.",
  sections: [
    {
      heading: "1. About us and our services",
      paragraphs: [
        "Thula Relocations Ltd is a company registered in England and Wales, with offices at 2nd Floor, 41 Eastcheap, London EC3M 1DT, and at Suite 12, 18 Lighthouse Road, Umhlanga Ridge, Durban 4319. You can contact us at hello@thularelocations.co.uk.",
        "We help South Africans who already have the right to live and work in the UK to plan and make their move: funding, employment support, accommodation, vehicle finance, visa and legal guidance, and a relocation concierge. We do not sponsor visas, and we cannot give you a right to live or work in the UK that you do not already have.",
      ],
    },
    {
      heading: "2. Who can use our services",
      paragraphs: [
        "You must be 18 or older to book. Before you buy a package you confirm that you, and anyone you name as moving with you, hold or are entitled to apply for the right to live and work in the UK, for example as a British or dual citizen, a UK Ancestry visa holder or a family member of one. If it turns out that you are not, we will refund anything you have paid for work we have not yet started.",
      ],
    },
    {
      heading: "3. Seminars",
      paragraphs: [
        "Seminars are priced in South African rand and paid in full when you book; your seat is held for 30 minutes while you pay. You may cancel up to 7 days before a seminar for a full refund, or move your booking to another date at any time before it starts. If we cancel or move a seminar, you can choose a full refund or a seat at another date.",
      ],
    },
    {
      heading: "4. Consultations",
      paragraphs: [
        "A private consultation lasts 60 minutes, is held online by video, and costs R3499 including VAT and our booking fee. We will contact you within 24 to 48 hours of your booking to agree a time between 9:00 and 19:00 UK time, Monday to Friday. You may move your consultation up to 24 hours before it starts. If you cancel more than 24 hours before, we refund you in full; later cancellations and missed appointments are not refunded. The free 10-minute intro call has no charge and no obligation.",
      ],
    },
    {
      heading: "5. Relocation packages",
      paragraphs: [
        "Packages are priced in pounds sterling, per household, including VAT: Essentials £2,499, Prepared £3,999 and Premium £5,999. What each includes is listed on our Packages page and confirmed in the written plan we send you. A package contract starts when we confirm your booking in writing.",
        "You have a 14-day cooling-off period under the UK Consumer Contracts Regulations 2013 (and, where it applies, under South African law). If you ask us to start work within those 14 days and then cancel, we refund what you have paid less a fair amount for the work already done. After the cooling-off period you may end a package at any time, and we refund the part of the price for services we have not yet delivered.",
      ],
    },
    {
      heading: "6. Third parties and what we cannot promise",
      paragraphs: [
        "Employers decide whom they hire, landlords whom they let to, lenders whom they lend to, and the Home Office which applications it grants. We introduce you to them, prepare you and your documents carefully and advocate for you, but we cannot guarantee a job offer, a tenancy, a loan or a visa decision.",
        "Finance is provided by our partner lenders under their own terms and regulation; we are not a lender. Immigration advice is given only by advisers qualified and regulated to give it in the UK, through the Office of the Immigration Services Commissioner (OISC) or the Solicitors Regulation Authority. General information on our website and at our seminars is not personal financial, tax or legal advice.",
      ],
    },
    {
      heading: "7. Your responsibilities",
      paragraphs: [
        "Please give us information that is accurate and complete, tell us promptly when something changes, and keep the appointments you agree with us and with the partners we introduce. We are not responsible for delays or costs caused by information that was wrong or late.",
      ],
    },
    {
      heading: "8. Our liability",
      paragraphs: [
        "We provide our services with reasonable care and skill. If we fail to, we will put it right or refund the part of the price that relates to it. Our total liability to you under a booking is limited to the price you paid for it. We do not exclude or limit liability for death or personal injury caused by our negligence, for fraud, or for anything else the law does not allow us to limit.",
      ],
    },
    {
      heading: "9. Our website",
      paragraphs: [
        "The text, images, videos and design of this website belong to Thula Relocations Ltd or are used with permission. You may print or share pages for your own personal use. We work to keep the website accurate and available, but prices and seminar dates can change and the website may occasionally be unavailable for maintenance.",
      ],
    },
    {
      heading: "10. Complaints, governing law and changes",
      paragraphs: [
        "If something goes wrong, e-mail hello@thularelocations.co.uk and we will reply within five working days. These terms are governed by the law of England and Wales and disputes go to its courts, but if you live in South Africa or Scotland you may also bring a claim in your local courts and keep the protection of your local consumer law.",
        "We may update these terms from time to time. The terms that apply to a booking are the ones published on the day you made it.",
      ],
    },
  ],
};

const cookies: LegalDocument = {
  id: "cookies",
  title: "Cookie Policy",
  lastUpdated: LAST_UPDATED,
  intro:
    "Cookies are small files a website stores in your browser. This policy lists every cookie and similar technology our website uses, and explains how you control them, in line with the UK Privacy and Electronic Communications Regulations and POPIA.",
  sections: [
    {
      heading: "1. Strictly necessary",
      paragraphs: [
        "These make the website work and are always on. They remember your cookie choice and keep our administrators signed in to the booking portal. They hold no information about you beyond what the website needs to do what you ask, and they are never shared.",
      ],
      list: [
        "thula_consent: remembers whether you allowed analytics and marketing cookies (and nothing else), for 6 months; after that we ask again.",
        "thula.session_token (__Secure-thula.session_token on our secure site): set only when an administrator signs in to the booking portal; keeps them signed in for 24 hours from their last visit. Visitors never receive it.",
      ],
    },
    {
      heading: "2. Analytics (optional)",
      paragraphs: [
        "Only if you allow analytics cookies, Google Analytics 4 tells us which pages are read, which buttons and services people choose and where visitors leave a booking form, so that we can improve the website. It does not receive your name, e-mail address or anything you type into a form, and we have switched off Google signals and advertising features for it.",
      ],
      list: [
        "_ga: distinguishes visitors, for 2 years.",
        "_ga_<container id>: keeps the state of a visit, for 2 years.",
      ],
    },
    {
      heading: "3. Marketing (optional)",
      paragraphs: [
        "Only if you allow marketing cookies, the Meta Pixel tells Meta (Facebook and Instagram) when someone views a booking page, starts a booking, goes to payment or pays, so that we can measure our adverts, show them to people likely to find them useful and stop showing them to people who have already booked.",
      ],
      list: [
        "_fbp: identifies your browser for Meta advertising, for 3 months.",
        "_fbc: set only when you arrive by clicking one of our Meta adverts; records that click, for 3 months.",
      ],
    },
    {
      heading: "4. Your choices",
      paragraphs: [
        "Optional cookies are set only after you allow them, in our cookie banner or in the cookie settings above. Until then, and whenever you decline, the Google and Meta scripts are not loaded at all and no analytics or advertising information leaves your browser. If you allow either, your browser also keeps a short list of the payments already reported to them, so that a payment is counted once.",
        "You can change your choice at any time with 'Cookie settings' at the bottom of every page or with the settings above. When you withdraw a choice we stop that service at once and delete its cookies from your browser. Clearing this website's cookies in your browser also resets your choice, and the banner will ask you again.",
      ],
    },
    {
      heading: "5. Videos and embedded content",
      paragraphs: [
        "All images, videos and fonts on our website are served by us, not by other companies, so watching a video on our pages sets no third-party cookies.",
      ],
    },
    {
      heading: "6. Questions",
      paragraphs: [
        `For anything about cookies or your personal information, e-mail ${brand.privacyEmail} or see our Privacy Policy.`,
      ],
    },
  ],
};

/** In tab order; the first is the default tab (docs/product.md §2.15). */
export const legalDocuments: readonly LegalDocument[] = [privacy, terms, cookies];

export const legalDocumentIds: readonly LegalDocumentId[] = legalDocuments.map((document) => document.id);

export const legalIntro = {
  title: "Legal information",
  lead: "How we look after your personal information, the terms of our services, and the cookies our website uses.",
} as const;
