-- Anonymous views of the public pages share one render in each server instance
-- (docs/decisions/021-shared-page-renders.md). Those pages read seminars, their bookings
-- (seats left) and blog posts; a change to any of them, by whoever makes it, is announced on
-- 'public_pages' when its transaction commits (never when it rolls back), and every instance
-- drops the renders it keeps. One notice per statement, and PostgreSQL folds a transaction's
-- identical notices into one.
CREATE FUNCTION "public_pages_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('public_pages', '');
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "seminars_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "seminars" FOR EACH STATEMENT EXECUTE FUNCTION "public_pages_announce_change"();--> statement-breakpoint
CREATE TRIGGER "seminar_bookings_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "seminar_bookings" FOR EACH STATEMENT EXECUTE FUNCTION "public_pages_announce_change"();--> statement-breakpoint
CREATE TRIGGER "blog_posts_announce_page_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts" FOR EACH STATEMENT EXECUTE FUNCTION "public_pages_announce_change"();
