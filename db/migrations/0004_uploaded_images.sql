CREATE TABLE "uploaded_images" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_images_name_check" CHECK ("uploaded_images"."name" ~ '^blog/[a-z0-9-]+[.]webp$'),
	CONSTRAINT "uploaded_images_content_type_check" CHECK ("uploaded_images"."content_type" in ('image/webp')),
	CONSTRAINT "uploaded_images_size_check" CHECK ("uploaded_images"."size_bytes" = octet_length("uploaded_images"."bytes"))
);
