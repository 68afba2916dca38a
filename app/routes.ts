import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// Every URL of the site, in one table.
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    route("services", "routes/public/services.tsx"),
    route("packages", "routes/public/packages.tsx"),
    route("legal", "routes/public/legal.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  // The digital business card stands alone: no navbar, no footer.
  route("business-card", "routes/public/business-card.tsx"),
  route("business-card/contact.vcf", "routes/api/business-card-vcard.ts"),
  route("healthz", "routes/api/healthz.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  route("sitemap.xml", "routes/api/sitemap.ts"),
] satisfies RouteConfig;
