/**
 * For the lodge-picture integration tests: a library lodge to upload to, and requests to its
 * picture route handlers as the Lodges screen sends them. Storage, staff and photos come from
 * media-world.ts, as the tour-picture tests make them.
 */
import { eq } from "drizzle-orm";

import * as picturesRoute from "@/app/api/admin/library/lodges/[id]/pictures/route";
import type { Db } from "@/db";
import { lodges } from "@/db/schema";
import type { Answer } from "@/tests/helpers/media-world";

export async function makeLodge(db: Db, name: string) {
  const [row] = await db
    .insert(lodges)
    .values({ name, park: "Bwindi", imageUrl: "/images/tours/bwindi-wellness.svg" })
    .returning({ id: lodges.id });
  return row!.id;
}

export async function lodgeOf(db: Db, id: string) {
  const [row] = await db
    .select({ id: lodges.id, name: lodges.name, pictures: lodges.pictures })
    .from(lodges)
    .where(eq(lodges.id, id));
  return row!;
}

type File = { name: string; bytes: Uint8Array; type?: string };

const url = (lodgeId: string, query = "") =>
  `http://localhost:3000/api/admin/library/lodges/${lodgeId}/pictures${query}`;
const params = (id: string) => ({ params: Promise.resolve({ id }) });

async function answer(response: Response): Promise<Answer> {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function uploadLodgePictures(
  lodgeId: string,
  files: File[],
  headers: Record<string, string> = {},
): Promise<Answer> {
  const body = new FormData();
  for (const f of files) {
    body.append(
      "files",
      new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "image/jpeg" }),
      f.name,
    );
  }
  const request = new Request(url(lodgeId), {
    method: "POST",
    body,
    headers: { host: "localhost:3000", ...headers },
  });
  return answer(await picturesRoute.POST(request, params(lodgeId)));
}

export async function removeLodgePicture(
  lodgeId: string,
  key: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const request = new Request(url(lodgeId, `?key=${encodeURIComponent(key)}`), {
    method: "DELETE",
    headers: { host: "localhost:3000", ...headers },
  });
  return answer(await picturesRoute.DELETE(request, params(lodgeId)));
}
