// The blog's words on the site (docs/product.md §2.7, §2.8, §10.2).

export const blogPageCopy = {
  eyebrow: "Blog",
  heading: "Guides for your move from South Africa to the UK",
  intro: "Practical, checked articles on jobs, homes, visas, money and family life in the UK, written by advisers who made the move themselves.",
  rssLabel: "Follow the blog by RSS",
} as const;

export const blogPostCopy = {
  backToBlog: "Back to Blog",
  relatedHeading: "Related Articles",
  share: "Share",
  linkCopied: "Link copied",
  copyFailed: "Could not copy the link. Copy it from the address bar instead.",
  bookHeading: "Private consultation",
  bookBody: "One-to-one advice on your move, with a plan you can act on.",
  bookCta: "Book Now",
} as const;
