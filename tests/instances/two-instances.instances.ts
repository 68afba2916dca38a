import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#db/client.ts";
import { seminarBookings, seminars } from "#db/schema/index.ts";
import { send, signIn, startInstance, type SiteInstance } from "./support/servers.ts";

// Two server processes of the built site on ONE PostgreSQL database (DATABASE_URL, a fresh
// database: .ci/run makes one), each with its own port and its own DATA_DIR, as a deployment
// behind a load balancer runs them (docs/decisions/020-several-instances.md). What one
// instance does, the other must see: seats, uploaded images, blog edits.

const ADMIN = { email: "instances.admin@example.com", password: "two-instances-admin-pw", name: "Instances Admin" };
const CAPACITY = 5;
const BOOKINGS = 120;

const databaseUrl = process.env.DATABASE_URL;
let database: Database;
let first: SiteInstance;
let second: SiteInstance;

beforeAll(async () => {
  if (!databaseUrl) throw new Error("The two-instance test needs DATABASE_URL: a fresh PostgreSQL database both servers share (see .ci/run).");
  const env = {
    BETTER_AUTH_SECRET: "two-instances-test-secret-0123456789abcdef",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: ADMIN.name,
    DEMO_DATA: "off",
    SEAT_HOLDS_PER_ADDRESS: "1000",
    AUTH_RATE_LIMIT_MAX: "1000",
  };
  // Started together, as a deployment starts them: they take turns at migrations and start-up.
  [first, second] = await Promise.all([startInstance("instance-1", databaseUrl, env), startInstance("instance-2", databaseUrl, env)]);
  database = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 2 });
});

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await database?.close();
});

function isoDay(daysFromNow: number): string {
  return new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
}

async function addSeminar(maxAttendees: number): Promise<string> {
  const [seminar] = await database.db
    .insert(seminars)
    .values({
      title: "Moving to the UK: Two Instances Evening",
      organizerName: "Thula Relocations",
      city: "Durban",
      venueName: "Harbourview Hotel Umhlanga",
      address: "12 Lagoon Drive, Umhlanga Rocks, Durban, 4319",
      location: "Harbourview Hotel Umhlanga, Durban",
      seminarDate: isoDay(60),
      seminarTime: "18:00",
      maxAttendees,
    })
    .returning({ id: seminars.id });
  return seminar!.id;
}

function bookingForm(n: number): Record<string, string> {
  return {
    intent: "book",
    firstName: "Lindiwe",
    lastName: `Visitor ${n}`,
    email: `visitor.${n}.${Date.now().toString(36)}@example.co.za`,
    phone: "+27 82 555 0123",
    preferredContact: "email",
    notes: "",
  };
}

describe("two server instances on one PostgreSQL database", () => {
  it(`never oversell: ${BOOKINGS} bookings at once, split across both, for ${CAPACITY} seats`, async () => {
    const seminarId = await addSeminar(CAPACITY);
    const answers = await Promise.all(
      Array.from({ length: BOOKINGS }, (_, n) => send(n % 2 === 0 ? first : second, `/events/book/${seminarId}`, { form: bookingForm(n) })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(CAPACITY);
    expect(statuses.filter((status) => status === 409)).toHaveLength(BOOKINGS - CAPACITY);
    // Each instance answered its half, and each refused some: both competed for the same seats.
    for (const parity of [0, 1]) expect(answers.filter((answer, n) => n % 2 === parity && answer.status === 409).length).toBeGreaterThan(0);

    const [seminar] = await database.db.select({ currentAttendees: seminars.currentAttendees }).from(seminars).where(eq(seminars.id, seminarId));
    expect(seminar?.currentAttendees).toBe(CAPACITY);
    const held = await database.db
      .select({ id: seminarBookings.id })
      .from(seminarBookings)
      .where(and(eq(seminarBookings.seminarId, seminarId), eq(seminarBookings.status, "pending")));
    expect(held).toHaveLength(CAPACITY);
  });

  it("shows a seat taken on instance 1 on instance 2's shared booking page within a second", async () => {
    const seminarId = await addSeminar(CAPACITY);
    const spots = async () => /(\d+)(?:<!-- -->)? spots? remaining/.exec((await send(second, `/events/book/${seminarId}`)).text)?.[1];
    await send(second, `/events/book/${seminarId}`);
    const shared = await send(second, `/events/book/${seminarId}`);
    // Instance 2 serves the page from its page cache: only a change notice can update it in time.
    expect(shared.headers.get("x-page-cache")).toBe("hit");
    expect(await spots()).toBe(String(CAPACITY));

    const booked = await send(first, `/events/book/${seminarId}`, { form: bookingForm(BOOKINGS + 1) });
    expect(booked.status).toBe(200);
    const bookedAt = Date.now();
    let seenAfterMs: number | undefined;
    while (Date.now() - bookedAt <= 1000) {
      if ((await spots()) === String(CAPACITY - 1)) {
        seenAfterMs = Date.now() - bookedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seenAfterMs, "instance 2 shows one seat fewer within 1 s of the booking on instance 1").toBeDefined();
  });

  describe("the blog", () => {
    let cookie: string;
    let postId: string;
    const fields = {
      title: "Opening a UK bank account before you land",
      intro: "Which banks open accounts for new arrivals, and what proof of address they accept.",
      body: "## Before you fly\n\nAsk for a **digital** account.",
      tag: "Money",
      heroImageAlt: "A bank card on a passport",
      seoTitle: "",
      seoDescription: "",
    };

    beforeAll(async () => {
      cookie = await signIn(first, ADMIN.email, ADMIN.password);
    });

    it("serves an image uploaded through the admin on instance 1 from instance 2", async () => {
      const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: { r: 242, g: 176, b: 30 } } })
        .png()
        .toBuffer();
      const form = new FormData();
      for (const [name, value] of Object.entries({ intent: "publish", ...fields, heroImage: "" })) form.set(name, value);
      form.set("heroImageFile", new File([new Uint8Array(png)], "bank.png", { type: "image/png" }));
      const published = await send(first, "/admin/blog/new", { form, cookie });
      expect(published.status, published.text.slice(0, 500)).toBe(302);
      postId = published.location!.match(/\/admin\/blog\/([0-9a-f-]{36})\?done=published$/)![1]!;

      const page = await send(second, `/blog/${postId}`);
      expect(page.status).toBe(200);
      const hero = page.text.match(/\/uploads\/blog\/[0-9a-f-]{36}-1600\.webp/)?.[0];
      expect(hero, "the post page on instance 2 shows the uploaded hero").toBeDefined();
      for (const [address, width] of [
        [hero!, 1600],
        [hero!.replace("-1600.webp", "-800.webp"), 800],
      ] as const) {
        const image = await send(second, address);
        expect(image.status, `${address} on instance 2`).toBe(200);
        expect(image.headers.get("content-type")).toBe("image/webp");
        expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(await sharp(image.bytes).metadata()).toMatchObject({ format: "webp", width });
      }
    });

    it("shows a blog edit saved on instance 1 on instance 2's public page within a second", async () => {
      expect(postId, "the post published by the previous test").toBeDefined();
      const before = await send(second, `/blog/${postId}`);
      expect(before.text).toContain(fields.title);
      // Instance 2 now has the post in its blog cache (60 s); only a change notice can clear it in time.
      const heroImage = before.text.match(/\/uploads\/blog\/[0-9a-f-]{36}-1600\.webp/)![0];
      const newTitle = `Banking before you fly ${Date.now().toString(36)}`;
      const saved = await send(first, `/admin/blog/${postId}`, { form: { intent: "save", ...fields, title: newTitle, heroImage, version: "1" }, cookie });
      expect(saved.status, saved.text.slice(0, 500)).toBe(302);
      const savedAt = Date.now();

      let seenAfterMs: number | undefined;
      while (Date.now() - savedAt <= 1000) {
        if ((await send(second, `/blog/${postId}`)).text.includes(newTitle)) {
          seenAfterMs = Date.now() - savedAt;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(seenAfterMs, "instance 2 shows the new title within 1 s of the save on instance 1").toBeDefined();
      expect(seenAfterMs!).toBeLessThanOrEqual(1000);
    });
  });
});
