export * from "./auth.ts";
export * from "./blog.ts";
export * from "./bookings.ts";
export * from "./contacts.ts";
export * from "./enums.ts";
export * from "./payments.ts";
export * from "./outbox.ts";
export * from "./seminars.ts";
