import "server-only";

import { eq, sql } from "drizzle-orm";

import { getDb } from "@/db";
import { tours } from "@/db/schema";
import { requireStaffForRoute } from "@/lib/dal/session";
import { refreshCatalogue } from "@/lib/dal/tours";
import { DomainError } from "@/lib/errors";
import { getStorage } from "@/lib/storage";
import { checkImages, type ProcessedImage, processImage, type Upload } from "@/lib/storage/images";
import {
  contentTypeOfKey,
  mediaBaseKey,
  pictureKeys,
  pictureSources,
  type StoredPicture,
  thumbnailBaseKey,
  variantKey,
} from "@/lib/storage/picture";

/**
 * A tour's uploaded pictures: its thumbnail and its gallery (`tours.thumbnail`, `tours.media`,
 * object keys). Staff only, checked here for every call. A storage failure never leaves a tour
 * pointing at a missing picture: objects are written before the row names them, and the row
 * forgets a picture before its objects are removed (an object left behind is logged as an
 * orphan, never shown).
 */

/** A stored picture as the admin screens show it. */
export type TourPictureDto = {
  key: string;
  src: string;
  srcSet: string;
  width: number;
  height: number;
};

export type TourPicturesDto = {
  slug: string;
  thumbnail: TourPictureDto | null;
  media: TourPictureDto[];
};

const ADMIN_GRID_SIZES = "(min-width: 640px) 240px, 50vw";

function toDto(picture: StoredPicture): TourPictureDto {
  const storage = getStorage();
  const { src, srcSet, width, height } = pictureSources(picture, ADMIN_GRID_SIZES, (key) =>
    storage.url(key),
  );
  return { key: picture.key, src, srcSet, width, height };
}

async function loadTour(tourId: string) {
  const db = await getDb();
  const [tour] = await db
    .select({ id: tours.id, slug: tours.slug, thumbnail: tours.thumbnail, media: tours.media })
    .from(tours)
    .where(eq(tours.id, tourId))
    .limit(1);
  if (!tour) throw new DomainError("not_found");
  return tour;
}

/** A tour's thumbnail and gallery. */
export async function getTourPictures(tourId: string): Promise<TourPicturesDto> {
  await requireStaffForRoute();
  const tour = await loadTour(tourId);
  return {
    slug: tour.slug,
    thumbnail: tour.thumbnail ? toDto(tour.thumbnail) : null,
    media: tour.media.map(toDto),
  };
}

/**
 * Adds pictures to a tour's gallery: every file is checked first (one refused file refuses the
 * request: UploadRefusedError naming each), then each is encoded and stored, then the row is
 * updated once. On any failure the objects already written are removed and the row is unchanged.
 */
export async function addTourMedia(tourId: string, uploads: Upload[]): Promise<TourPictureDto[]> {
  await requireStaffForRoute();
  const tour = await loadTour(tourId);
  const images = await checkImages(uploads);

  const pictures = await storePictures(
    images.map((image) => async () => ({
      baseKey: mediaBaseKey(tour.slug),
      processed: await processImage(image),
    })),
  );

  const db = await getDb();
  const updated = await db
    .update(tours)
    .set({
      media: sql`${tours.media} || ${JSON.stringify(pictures)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(tours.id, tour.id))
    .returning({ id: tours.id });
  if (!updated.length) {
    // Deleted while the pictures were being encoded.
    await removeStoredPictures(pictures, "tour deleted during upload");
    throw new DomainError("not_found");
  }
  refreshCatalogue();
  return pictures.map(toDto);
}

/**
 * Sets (or replaces) a tour's thumbnail: stored under '{slug}/thumbnail-{hash}', then named by
 * the row; the replaced thumbnail's objects are removed after.
 */
export async function setTourThumbnail(tourId: string, upload: Upload): Promise<TourPictureDto> {
  await requireStaffForRoute();
  const tour = await loadTour(tourId);
  const [image] = await checkImages([upload]);

  const [picture] = await storePictures([
    async () => {
      const processed = await processImage(image!);
      return { baseKey: thumbnailBaseKey(tour.slug, processed.hash), processed };
    },
  ]);

  const db = await getDb();
  const previous = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ thumbnail: tours.thumbnail })
      .from(tours)
      .where(eq(tours.id, tour.id))
      .for("update")
      .limit(1);
    if (!row) return undefined;
    await tx
      .update(tours)
      .set({ thumbnail: picture!, updatedAt: new Date() })
      .where(eq(tours.id, tour.id));
    return row;
  });
  if (!previous) {
    // Deleted while the picture was being encoded.
    await removeStoredPictures([picture!], "tour deleted during upload");
    throw new DomainError("not_found");
  }
  refreshCatalogue();
  // The same file again has the same keys: nothing to remove.
  if (previous.thumbnail && previous.thumbnail.key !== picture!.key) {
    await removeStoredPictures([previous.thumbnail], "thumbnail replaced");
  }
  return toDto(picture!);
}

/** Removes one gallery picture: first from the row, then its objects. */
export async function deleteTourMedia(tourId: string, key: string): Promise<void> {
  await requireStaffForRoute();
  const db = await getDb();
  const removed = await db.transaction(async (tx) => {
    const [tour] = await tx
      .select({ media: tours.media })
      .from(tours)
      .where(eq(tours.id, tourId))
      .for("update")
      .limit(1);
    if (!tour) throw new DomainError("not_found");
    const picture = tour.media.find((p) => p.key === key);
    if (!picture) throw new DomainError("not_found");
    await tx
      .update(tours)
      .set({ media: tour.media.filter((p) => p.key !== key), updatedAt: new Date() })
      .where(eq(tours.id, tourId));
    return picture;
  });
  refreshCatalogue();
  await removeStoredPictures([removed], "gallery picture deleted");
}

/**
 * Deletes the objects of pictures no row names any more. A failure is logged with the keys left
 * behind (orphans: never shown, safe to remove by hand) and not thrown: the row is already right.
 */
export async function removeStoredPictures(
  pictures: StoredPicture[],
  reason: string,
): Promise<void> {
  const storage = getStorage();
  const keys = pictures.flatMap(pictureKeys);
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  const orphans = keys.filter((_, i) => results[i]!.status === "rejected");
  if (orphans.length) {
    const error = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    console.error(
      JSON.stringify({
        event: "storage_orphans",
        reason,
        keys: orphans,
        error: String(error.reason),
      }),
    );
  }
}

/** Every object key of a tour's pictures (for deleting a tour). */
export function tourPictureKeys(tour: { thumbnail: StoredPicture | null; media: StoredPicture[] }) {
  return [...(tour.thumbnail ? [tour.thumbnail] : []), ...tour.media].flatMap(pictureKeys);
}

type PendingPicture = () => Promise<{ baseKey: string; processed: ProcessedImage }>;

/**
 * Encodes and writes pictures one after another. If any step fails, what was written is
 * removed again before the error goes on.
 */
async function storePictures(pending: PendingPicture[]): Promise<StoredPicture[]> {
  const storage = getStorage();
  const written: StoredPicture[] = [];
  try {
    for (const next of pending) {
      const { baseKey, processed } = await next();
      const picture: StoredPicture = {
        key: baseKey,
        width: processed.width,
        height: processed.height,
        widths: processed.variants.map((v) => v.width),
        format: processed.format,
      };
      // Counted as written before the puts: a half-written picture is removed too.
      written.push(picture);
      // Every put settles before a failure is handled: a write still in flight would land
      // after the clean-up and be left behind.
      const puts = await Promise.allSettled(
        processed.variants.map((variant) => {
          const key = variantKey(baseKey, variant.width, processed.format);
          return storage.put(key, variant.bytes, contentTypeOfKey(key)!);
        }),
      );
      const failed = puts.find((p): p is PromiseRejectedResult => p.status === "rejected");
      if (failed) throw failed.reason;
    }
    return written;
  } catch (error) {
    await removeStoredPictures(written, "upload failed");
    throw error;
  }
}
