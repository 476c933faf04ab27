// Seeds the demo catalogue (docs/product.md "Demo data"). Idempotent: every row has a stable id or a
// unique key and is upserted, and every file is stored only if it is not there yet. Nothing is
// fetched from the internet: art is drawn by code, clips are committed under prisma/seed/media.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hashPassword } from "@/lib/auth/password";
import { lockMovie, refreshMovieRating } from "@/lib/data/ratings";
import type { Db } from "@/lib/database/prisma";
import { urlOf, type StorageDriver, type StorageKey } from "@/lib/storage";
import { avatarSvg, castSvg, posterSvg, renderWebp, titleImageSvg } from "./art";
import { demoCategories, demoMovies, demoUsers } from "./catalogue";

const mediaDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "media");

/** A stable UUID (version-5 layout) from a name, so re-seeding finds the same rows. */
export function stableId(name: string): string {
  const bytes = createHash("sha1").update(`marquee-demo:${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const slugOf = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

type Log = (line: string) => void;

export async function seedDemoCatalogue(db: Db, storage: StorageDriver, log: Log = () => {}): Promise<void> {
  /** Stores a file once; returns its URL. */
  async function store(key: StorageKey, contentType: string, make: () => Promise<Buffer>): Promise<string> {
    if (!(await storage.stat(key))) await storage.put(key, await make(), { contentType });
    return urlOf(key);
  }
  const webp = (key: StorageKey, svg: () => string) => store(key, "image/webp", () => renderWebp(svg()));

  log("Seeding users");
  const userIds = new Map<string, string>();
  for (const user of demoUsers) {
    const image = await webp(`image/demo-user-${user.key}.webp`, () => avatarSvg(user));
    const row = await db.user.upsert({
      where: { email: user.email },
      update: {},
      create: {
        email: user.email,
        fullName: user.fullName,
        passwordHash: await hashPassword(user.password),
        isAdmin: user.isAdmin,
        image,
        // Demo addresses (.local) receive no mail: they count as verified from the start.
        emailVerifiedAt: new Date(),
      },
      select: { id: true },
    });
    userIds.set(user.key, row.id);
  }

  log("Seeding categories");
  const categoryIds = new Map<string, string>();
  for (const name of demoCategories) {
    const row = await db.category.upsert({
      where: { name },
      update: {},
      create: { id: stableId(`category:${name}`), name },
      select: { id: true },
    });
    categoryIds.set(name, row.id);
  }

  log(`Seeding ${demoMovies.length} movies`);
  const clips = new Map<string, string>();
  for (const clip of new Set(demoMovies.map((m) => m.clip))) {
    const file = path.join(mediaDir, `${clip}.mp4`);
    clips.set(clip, await store(`movie/demo-${clip}.mp4`, "video/mp4", () => fs.promises.readFile(file)));
  }

  // Movies are created oldest first, so "newest first" lists them in catalogue order.
  const start = Date.UTC(2026, 0, 1);
  for (const [index, movie] of demoMovies.entries()) {
    const id = stableId(`movie:${movie.slug}`);
    const categoryId = categoryIds.get(movie.category);
    if (!categoryId) throw new Error(`Demo movie ${movie.slug} names an unknown category ${movie.category}`);
    const fields = {
      name: movie.name,
      desc: movie.desc,
      language: movie.language,
      year: movie.year,
      hour: movie.hour,
      categoryId,
      image: await webp(`image/demo-${movie.slug}-poster.webp`, () => posterSvg(movie)),
      // "-backdrop", not the "-title" of the lettered art before it: a store seeded earlier keeps
      // that file, and would otherwise serve it for the new art's key.
      titleImage: await webp(`image/demo-${movie.slug}-backdrop.webp`, () => titleImageSvg(movie)),
      video: clips.get(movie.clip)!,
    };
    const casts: { id: string; name: string; position: number; image: string }[] = [];
    for (const [position, person] of movie.casts.entries()) {
      casts.push({
        id: stableId(`cast:${movie.slug}:${position}`),
        name: person.name,
        position,
        image: await webp(`image/demo-cast-${slugOf(person.name)}.webp`, () => castSvg(person)),
      });
    }
    await db.$transaction(async (tx) => {
      const exists = await tx.movie.findUnique({ where: { id }, select: { id: true } });
      if (!exists) {
        await tx.movie.create({
          data: { id, ...fields, createdAt: new Date(start + index * 3_600_000), casts: { create: casts } },
        });
      }
      for (const [n, review] of movie.reviews.entries()) {
        const userId = userIds.get(review.user);
        if (!userId) throw new Error(`Demo review on ${movie.slug} names an unknown user ${review.user}`);
        await tx.review.upsert({
          where: { userId_movieId: { userId, movieId: id } },
          update: {},
          create: {
            userId,
            movieId: id,
            rating: review.rating,
            comment: review.comment,
            createdAt: new Date(start + index * 3_600_000 + (n + 1) * 60_000),
          },
        });
      }
      await lockMovie(tx, id);
      await refreshMovieRating(tx, id);
    });
  }
  log("Demo catalogue ready");
}
