import type { Database } from "#db/client.ts";
import { blogPosts, seminars } from "#db/schema/index.ts";
import { demoBlogPosts } from "#db/seed/blog-posts.ts";
import { addDays, todayIn } from "~/lib/format.ts";

// What the throughput bench puts in its throwaway databases: the 1,000 seminars, the
// blog's shipped articles (so / and /blog show posts) and a small seminar to race for.

const cities = ["Durban", "Johannesburg", "Cape Town", "Pretoria", "Gqeberha", "Bloemfontein"];

export async function insertSeminars(database: Database, count: number): Promise<void> {
  const today = todayIn("Africa/Johannesburg");
  const rows = Array.from({ length: count }, (_, n) => {
    const city = cities[n % cities.length]!;
    return {
      title: `Moving to the UK: ${city} Evening ${n + 1}`,
      organizerName: "Thula Relocations",
      description: "Funding, work, housing and schools: a practical evening for families planning the move.",
      city,
      venueName: `Conference Centre ${n % 40}`,
      address: `${n + 1} Main Road`,
      location: `Conference Centre ${n % 40}, ${city}`,
      seminarDate: addDays(today, 1 + (n % 700)),
      seminarTime: n % 2 ? "18:00" : "10:00",
      priceCents: 120000,
      maxAttendees: 30,
    };
  });
  for (let start = 0; start < rows.length; start += 200) await database.db.insert(seminars).values(rows.slice(start, start + 200));
}

/** The shipped articles, published; returns the address of the newest post's page. */
export async function insertBlogPosts(database: Database): Promise<string> {
  const now = Date.now();
  const inserted = await database.db
    .insert(blogPosts)
    .values(demoBlogPosts.map(({ publishedDaysAgo, ...post }) => ({ ...post, status: "published" as const, publishedAt: new Date(now - publishedDaysAgo * 86_400_000) })))
    .returning({ id: blogPosts.id, slug: blogPosts.slug, publishedAt: blogPosts.publishedAt });
  const newest = inserted.sort((a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime())[0]!;
  return `/blog/${newest.id}/${newest.slug}`;
}

/** A seminar of `seats` seats a month from now, for the booking races; returns its id. */
export async function insertRaceSeminar(database: Database, seats: number): Promise<string> {
  const [seminar] = await database.db
    .insert(seminars)
    .values({
      title: "Race night",
      organizerName: "Thula Relocations",
      city: "Durban",
      venueName: "Hall",
      address: "1 Road",
      location: "Hall, Durban",
      seminarDate: addDays(todayIn("Africa/Johannesburg"), 30),
      seminarTime: "18:00",
      maxAttendees: seats,
    })
    .returning({ id: seminars.id });
  return seminar!.id;
}
