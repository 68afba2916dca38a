import { sql } from "drizzle-orm";
import { check, customType, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/** Raw bytes: node-postgres reads a Buffer, PGlite a Uint8Array; both are Uint8Arrays. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Files admins upload (blog hero images), in the database so every server instance serves
 * them (docs/decisions/020-several-instances.md). Written once, never changed.
 */
export const uploadedImages = pgTable(
  "uploaded_images",
  {
    /** The address under /uploads/, e.g. "blog/<uuid>-1600.webp"; random, never reused. */
    name: text("name").primaryKey(),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** SHA-256 of the bytes in hex: the ETag. */
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("uploaded_images_name_check", sql`${table.name} ~ '^blog/[a-z0-9-]+[.]webp$'`),
    check("uploaded_images_content_type_check", sql`${table.contentType} in ('image/webp')`),
    check("uploaded_images_size_check", sql`${table.sizeBytes} = octet_length(${table.bytes})`),
  ],
);
