/**
 * For the tour-picture integration tests: a staff member beside the customer world's admin, a
 * tour to upload to, storage in a temporary directory, photos made with sharp, and requests to
 * the picture route handlers. Install the Auth.js stand-in as customer-world.ts says.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

import * as mediaRoute from "@/app/api/admin/tours/[id]/media/route";
import * as thumbnailRoute from "@/app/api/admin/tours/[id]/thumbnail/route";
import type { Db } from "@/db";
import { adminUsers, tours, users } from "@/db/schema";
import { setStorage, type StorageDriver } from "@/lib/storage";
import { createLocalStorage } from "@/lib/storage/local";
import type { WorldUser } from "@/tests/helpers/customer-world";

export async function makeStaff(db: Db): Promise<WorldUser> {
  const email = `ranger-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const [row] = await db
    .insert(users)
    .values({ email, name: "Peter Ssemwogerere", emailVerified: new Date() })
    .returning({ id: users.id });
  await db.insert(adminUsers).values({ userId: row!.id, role: "staff" });
  return { id: row!.id, email, name: "Peter Ssemwogerere" };
}

export async function tourOf(db: Db, slug = "gorilla-safari") {
  const [tour] = await db
    .select({ id: tours.id, slug: tours.slug, thumbnail: tours.thumbnail, media: tours.media })
    .from(tours)
    .where(eq(tours.slug, slug));
  return tour!;
}

/** Local storage in a fresh temporary directory, installed as the app's storage. */
export async function useTempStorage() {
  const root = await mkdtemp(path.join(os.tmpdir(), "tour-media-"));
  const driver = createLocalStorage(root);
  setStorage(driver);
  return {
    root,
    driver,
    /** Every stored file, relative to the root ('gorilla-safari/media/…-480.webp'). */
    async files(): Promise<string[]> {
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
        .sort();
    },
    async stop() {
      setStorage(undefined);
      await rm(root, { recursive: true, force: true });
    },
  };
}

export type TempStorage = Awaited<ReturnType<typeof useTempStorage>>;

/**
 * Registers the hooks that give the calling suite its own temporary storage: a fresh one before
 * each test (`"each"`, so no test sees another's files) or one for the whole suite (`"all"`),
 * removed afterwards. Call it where the hooks belong (top level or inside a describe); the
 * handle it returns always reads the storage in place for the running test.
 */
export function tempStorageHooks(scope: "each" | "all"): TempStorage {
  let current: TempStorage | undefined;
  const installed = () => {
    if (!current) throw new Error("no temporary storage outside the suite's tests");
    return current;
  };
  (scope === "each" ? beforeEach : beforeAll)(async () => {
    current = await useTempStorage();
  });
  (scope === "each" ? afterEach : afterAll)(async () => {
    await current?.stop();
    current = undefined;
  });
  return {
    get root() {
      return installed().root;
    },
    get driver() {
      return installed().driver;
    },
    files: () => installed().files(),
    stop: () => installed().stop(),
  };
}

/** A driver that behaves like `inner` until `failAt` puts (or every delete) have been tried. */
export function failingStorage(
  inner: StorageDriver,
  fail: { putNumber?: number; deletes?: boolean; deleteNumber?: number },
): StorageDriver {
  let puts = 0;
  let deletes = 0;
  return {
    ...inner,
    kind: inner.kind,
    async put(key, bytes, type) {
      if (++puts === fail.putNumber) throw new Error("storage unavailable (test)");
      return inner.put(key, bytes, type);
    },
    async delete(key) {
      if (fail.deletes || ++deletes === fail.deleteNumber) {
        throw new Error("storage unavailable (test)");
      }
      return inner.delete(key);
    },
    deletePrefix: (prefix) => inner.deletePrefix(prefix),
    exists: (key) => inner.exists(key),
    url: (key) => inner.url(key),
  };
}

export const photo = (width: number, height: number, format: "jpeg" | "png" = "jpeg", r = 40) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 110, b: 70 } } })
    .toFormat(format)
    .toBuffer();

type File = { name: string; bytes: Uint8Array; type?: string };

function multipart(field: string, files: File[]): FormData {
  const form = new FormData();
  for (const f of files) {
    form.append(
      field,
      new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "image/jpeg" }),
      f.name,
    );
  }
  return form;
}

const params = (id: string) => ({ params: Promise.resolve({ id }) });
const base = "http://localhost:3000/api/admin/tours";

export type Answer = { status: number; body: Record<string, unknown> };

async function answer(response: Response): Promise<Answer> {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A picture route handler, as the app exports it. */
type RouteHandler = (
  request: Request,
  context: { params: Promise<{ id: string }> },
) => Promise<Response>;

/**
 * Calls a picture route handler with a request like the admin screens' (same host, the tour id in
 * the path) and reads its JSON answer. `headers` add to or replace the defaults, so a test can
 * send another origin.
 */
async function callRoute(
  handler: RouteHandler,
  tourId: string,
  pathAndQuery: string,
  init: { method: string; body?: FormData },
  headers: Record<string, string>,
): Promise<Answer> {
  const request = new Request(`${base}/${tourId}/${pathAndQuery}`, {
    ...init,
    headers: { host: "localhost:3000", ...headers },
  });
  return answer(await handler(request, params(tourId)));
}

export async function uploadMedia(
  tourId: string,
  files: File[],
  headers: Record<string, string> = {},
): Promise<Answer> {
  const body = multipart("files", files);
  return callRoute(mediaRoute.POST, tourId, "media", { method: "POST", body }, headers);
}

export async function deleteMedia(
  tourId: string,
  key: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const query = `media?key=${encodeURIComponent(key)}`;
  return callRoute(mediaRoute.DELETE, tourId, query, { method: "DELETE" }, headers);
}

export async function putThumbnail(
  tourId: string,
  file: File,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const body = multipart("file", [file]);
  return callRoute(thumbnailRoute.PUT, tourId, "thumbnail", { method: "PUT", body }, headers);
}
