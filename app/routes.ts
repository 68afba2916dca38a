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
    route("consultations", "routes/public/consultations.tsx"),
    route("consultations/book", "routes/public/consultations-book.tsx", { id: "consultations-book-paid" }),
    route("consultations/book-free", "routes/public/consultations-book.tsx", { id: "consultations-book-free" }),
    route("consultations/pay/:bookingId", "routes/public/consultations-pay.tsx"),
    route("consultations/manage/:token", "routes/public/consultation-manage.tsx"),
    route("blog", "routes/public/blog.tsx"),
    route("blog/:postId/:slug?", "routes/public/blog-post.tsx"),
    route("payment-success", "routes/public/payment-success.tsx"),
    route("checkout/test/:sessionId", "routes/public/test-checkout.tsx"),
    // The hop to PayFast's payment page (a signed form posted on; docs/decisions/028).
    route("checkout/payfast/:sessionId", "routes/public/payfast-checkout.tsx"),
    // A seat's ticket (docs/decisions/024): per person, so never in the shared page cache.
    route("tickets/:code", "routes/public/ticket.tsx"),
    // "Manage my booking" from the signed link in its e-mails (docs/decisions/026): per person, never cached.
    route("bookings/:token", "routes/public/manage-booking.tsx"),
    // A waitlist offer, opened by its signed link (docs/decisions/027): per person, never cached.
    route("waitlist/offer/:token", "routes/public/waitlist-offer.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  // Admin portal: sign-in stands alone; everything else sits behind the admin guard (layout middleware).
  route("admin/login", "routes/admin/login.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("statement", "routes/admin/statement.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("consultations", "routes/admin/consultations.tsx"),
    route("consultants", "routes/admin/consultants.tsx"),
    route("consultations/week", "routes/admin/consultation-week.tsx"),
    route("seminars", "routes/admin/seminars.tsx"),
    route("seminars/:seminarId/waitlist", "routes/admin/seminar-waitlist.tsx"),
    route("bookings", "routes/admin/bookings.tsx"),
    // The bookings' seminar picker asks here for choices (JSON; docs/decisions/032).
    route("api/seminar-options", "routes/admin/api/seminar-options.ts"),
    route("api/contact-options", "routes/admin/api/contact-options.ts"),
    // The venue door (docs/decisions/025): made for a phone; the camera is allowed here only.
    route("check-in/:seminarId", "routes/admin/check-in.tsx"),
    route("outbox", "routes/admin/outbox.tsx"),
    route("outbox/:emailId/attachments/:index", "routes/admin/outbox-attachment.ts"),
    route("activity", "routes/admin/activity.tsx"),
    route("profile", "routes/admin/profile.tsx"),
    route("blog", "routes/admin/blog.tsx"),
    route("blog/new", "routes/admin/blog-edit.tsx", { id: "admin-blog-new" }),
    route("blog/:postId", "routes/admin/blog-edit.tsx", { id: "admin-blog-edit" }),
  ]),
  route("api/auth/*", "routes/api/auth.ts"),
  // The digital business card stands alone: no navbar, no footer.
  route("business-card", "routes/public/business-card.tsx"),
  route("business-card/contact.vcf", "routes/api/business-card-vcard.ts"),
  route("api/stripe/webhook", "routes/api/stripe-webhook.ts"),
  route("api/payments/payfast/notify", "routes/api/payfast-notify.ts"),
  // The cookie banner's and the cookie settings' form.
  route("consent", "routes/api/consent.ts"),
  route("healthz", "routes/api/healthz.ts"),
  route("readyz", "routes/api/readyz.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  route("blog/rss.xml", "routes/api/blog-rss.ts"),
  // Images uploaded by admins (blog heroes), served from DATA_DIR.
  route("uploads/*", "routes/api/uploads.ts"),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("tickets/:code/calendar.ics", "routes/api/ticket-calendar.ts"),
  route("calendars/:token/consultations.ics", "routes/api/consultant-calendar.ts"),
] satisfies RouteConfig;
