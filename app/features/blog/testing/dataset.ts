// One small blog, held by both sources for the shared source tests: the store gets these rows;
// contentful-fixtures/ holds the same posts as recorded Delivery API responses.

export type DatasetKey = "noIntro" | "cv" | "visa" | "renting" | "nurse" | "unsafe";

export type DatasetPost = {
  key: DatasetKey;
  /** The entry id in the Contentful fixtures. */
  contentfulId: string;
  title: string;
  intro: string;
  tag: string;
  /** Store: published_at; Contentful: sys.createdAt. */
  date: string;
  /** Markdown for the store (the fixtures hold the same content as rich text). */
  body: string;
};

export const unsafeMarkdown = [
  "Read this before you paste.",
  "",
  "<script>alert('xss')</script>",
  "",
  '<img src="/media/blog/renting.svg" onerror="alert(1)" alt="Keys">',
  "",
  "[Claim your prize](javascript:alert(document.cookie)) or [our guide](https://www.gov.uk/uk-ancestry-visa) or [book a call](/consultations).",
  "",
  '<iframe src="https://evil.example/frame"></iframe>',
  "",
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">Open the file</a>',
].join("\n");

/** Newest first, as both sources must list them (noIntro is left out: it has no intro). */
export const datasetPosts: readonly DatasetPost[] = [
  {
    key: "noIntro",
    contentfulId: "1qW8mNoIntr0Pack1ngL1st",
    title: "Packing list for the flight to Heathrow",
    intro: "",
    tag: "Settling In",
    date: "2026-03-12T08:00:00.000Z",
    body: "Hand luggage first.",
  },
  {
    key: "cv",
    contentfulId: "3xKp9CvRewr1teUkEmpl0y",
    title: "How to rewrite a South African CV for UK employers",
    intro: "Two pages, no photo, no ID number: what UK recruiters expect to see on a CV.",
    tag: "Employment",
    date: "2026-03-10T09:00:00.000Z",
    body: "## What to remove\n\nYour **ID number**, your photo and your date of birth.",
  },
  {
    key: "visa",
    contentfulId: "5AnCestryV1saPrep4r3Zx",
    title: "Ancestry visa: what to prepare before you apply",
    intro: "Birth certificates, proof of funds and a plan to work: the Ancestry visa file, step by step.",
    tag: "Visas & Legal",
    date: "2026-03-05T09:00:00.000Z",
    body: "## Documents you need\n\n- **Full birth certificates** for you, your parent and your grandparent\n- Bank statements for the last six months",
  },
  {
    key: "renting",
    contentfulId: "7RentL0nd0nCred1tH1st0",
    title: "Renting in London without a UK credit history",
    intro: "Referencing, guarantors and deposits: how to rent before you have a payslip or your visa letter.",
    tag: "Accommodation",
    date: "2026-02-20T09:00:00.000Z",
    body: "## Offer rent in advance\n\nSome landlords accept six months up front.",
  },
  {
    key: "nurse",
    contentfulId: "2NurseManchesterNmcReg",
    title: "Nursing jobs in Manchester: NMC registration first",
    intro: "Why the NMC comes before the job offer, and how long registration takes for South African nurses.",
    tag: "Employment",
    date: "2026-02-10T09:00:00.000Z",
    body: "## Start with the NMC\n\nApply online, then sit the test of competence.",
  },
  {
    key: "unsafe",
    contentfulId: "6UnsafeB0dyScr1ptXs5sT",
    title: "What our editors may paste",
    intro: "A post whose body carries script, event handlers and javascript: links that must never run.",
    tag: "Settling In",
    date: "2026-01-15T09:00:00.000Z",
    body: unsafeMarkdown,
  },
];

export function datasetPost(key: DatasetKey): DatasetPost {
  const post = datasetPosts.find((candidate) => candidate.key === key);
  if (!post) throw new Error(`No dataset post ${key}`);
  return post;
}
