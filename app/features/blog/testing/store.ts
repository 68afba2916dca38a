import type { Db } from "#db/client.ts";
import { insertPostRow } from "../queries.server.ts";
import { slugify } from "../rules.ts";
import { datasetPosts, type DatasetKey } from "./dataset.ts";

// The shared test blog in the built-in store, plus a draft newer than everything else.
// Not shipped: nothing in the app imports it.

export const DRAFT_TITLE = "Draft: choosing a school in Surrey";

const heroes: Partial<Record<DatasetKey, string>> = {
  cv: "/media/blog/uk-cv.svg",
  visa: "/media/blog/right-to-work.svg",
  renting: "/media/blog/renting.svg",
  nurse: "/media/blog/first-30-days.svg",
};

export async function insertDataset(db: Db): Promise<{ ids: Record<DatasetKey, string>; draftId: string }> {
  const ids = {} as Record<DatasetKey, string>;
  for (const post of datasetPosts) {
    const date = new Date(post.date);
    const row = await insertPostRow(db, {
      slug: slugify(post.title),
      title: post.title,
      intro: post.intro,
      body: post.body,
      tag: post.tag,
      heroImage: heroes[post.key] ?? null,
      heroImageAlt: heroes[post.key] ? `${post.title} illustration` : null,
      status: "published",
      publishedAt: date,
      createdAt: date,
      updatedAt: new Date(date.getTime() + 86_400_000),
    });
    ids[post.key] = row!.id;
  }
  const draft = await insertPostRow(db, {
    slug: slugify(DRAFT_TITLE),
    title: DRAFT_TITLE,
    intro: "Catchment areas, Ofsted reports and in-year applications, explained for parents.",
    body: "Not ready yet.",
    tag: "Family",
    status: "draft",
    createdAt: new Date("2026-03-20T09:00:00.000Z"),
  });
  return { ids, draftId: draft!.id };
}
