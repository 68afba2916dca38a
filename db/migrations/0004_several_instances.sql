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
);--> statement-breakpoint
-- Every change to the posts is announced when its transaction commits (never if it rolls
-- back), whoever makes it: each server instance listening on PostgreSQL drops its blog cache
-- (app/features/blog/cache-sync.server.ts, docs/decisions/020).
CREATE FUNCTION "blog_posts_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('blog_changes', '');
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "blog_posts_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts" FOR EACH STATEMENT EXECUTE FUNCTION "blog_posts_announce_change"();
