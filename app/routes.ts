import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// Every URL of the site, in one table.
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    route("services", "routes/public/services.tsx"),
    route("packages", "routes/public/packages.tsx"),
    route("legal", "routes/public/legal.tsx"),
    route("events", "routes/public/events.tsx"),
    route("events/book/:seminarId", "routes/public/events-book.tsx"),
    // The old site's checkout cancel address; kept so old links still land somewhere useful.
    route("events/:seminarId", "routes/public/events-legacy-redirect.ts"),
    route("payment-success", "routes/public/payment-success.tsx"),
    route("checkout/test/:sessionId", "routes/public/test-checkout.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  // The digital business card stands alone: no navbar, no footer.
  route("business-card", "routes/public/business-card.tsx"),
  route("business-card/contact.vcf", "routes/api/business-card-vcard.ts"),
  route("api/stripe/webhook", "routes/api/stripe-webhook.ts"),
  route("healthz", "routes/api/healthz.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  route("sitemap.xml", "routes/api/sitemap.ts"),
] satisfies RouteConfig;
