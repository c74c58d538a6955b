import "server-only";

import { and, eq, ne, or, sql } from "drizzle-orm";

import { type Db, getDb, type Tx } from "@/db";
import { tours } from "@/db/schema";
import { recordStaffChange } from "@/lib/audit/data/trail";
import { requireStaffForRoute } from "@/lib/session";
import { refreshCatalogue } from "@/lib/tours/data/catalogue";
import { DomainError } from "@/lib/errors";
import { getStorage } from "@/lib/storage";
import { checkImages, processImage, type Upload } from "@/lib/storage/images";
import {
  mediaBaseKey,
  pictureSources,
  type StoredPicture,
  thumbnailBaseKey,
} from "@/lib/storage/picture";
import {
  removeObjects,
  removeStoredPictures,
  storePictures,
  unlessRolledBack,
  unnamedObjects,
} from "@/lib/storage/stored-pictures";

/**
 * A tour's uploaded pictures: its thumbnail and its gallery (`tours.thumbnail`, `tours.media`,
 * object keys). Staff only, checked here for every call. A storage failure never leaves a tour
 * pointing at a missing picture: objects are written before the row names them, and the row
 * forgets a picture before its objects are removed (an object left behind is logged as an
 * orphan, never shown). An object is removed only when no tour row names it any more: pictures
 * stored before keys carried the tour's id can be named by two tours (one renamed, the other
 * given its old slug and the same photo), and one of them letting go must not empty the other.
 * Every upload and delete is recorded in the audit trail in the transaction of its row change:
 * no event for a change that did not happen, no change without its event. Writing and removing
 * objects is shared with the other owners of pictures (lib/storage/stored-pictures.ts).
 */

/** The audit trail's name for a tour. */
const tourTarget = (id: string) => ({ type: "tour", id });

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
  const staff = await requireStaffForRoute();
  const tour = await loadTour(tourId);
  const images = await checkImages(uploads);

  const pictures = await storePictures(
    images.map((image) => async () => ({
      baseKey: mediaBaseKey(tour.id),
      processed: await processImage(image),
    })),
  );

  const db = await getDb();
  const updated = await unlessRolledBack(pictures, () =>
    db.transaction(async (tx) => {
      const rows = await tx
        .update(tours)
        .set({
          media: sql`${tours.media} || ${JSON.stringify(pictures)}::jsonb`,
          updatedAt: new Date(),
        })
        .where(eq(tours.id, tour.id))
        .returning({ id: tours.id });
      if (rows.length) {
        await recordStaffChange(tx, staff, "tour.picture_upload", tourTarget(tour.id), {
          slot: "media",
          keys: pictures.map((p) => p.key),
        });
      }
      return rows;
    }),
  );
  if (!updated.length) {
    // Deleted while the pictures were being encoded.
    await removeStoredPictures(pictures, "tour deleted during upload");
    throw new DomainError("not_found");
  }
  refreshCatalogue();
  return pictures.map(toDto);
}

/**
 * Sets (or replaces) a tour's thumbnail: stored under keys of its own
 * ('tours/{tourId}/thumbnail-{timestamp}-{random}'), then named by the row; the replaced
 * thumbnail's objects are removed after, those no row names any more.
 */
export async function setTourThumbnail(tourId: string, upload: Upload): Promise<TourPictureDto> {
  const staff = await requireStaffForRoute();
  const tour = await loadTour(tourId);
  const [image] = await checkImages([upload]);

  const [picture] = await storePictures([
    async () => {
      const processed = await processImage(image!);
      return { baseKey: thumbnailBaseKey(tour.id), processed };
    },
  ]);

  const db = await getDb();
  const previous = await unlessRolledBack([picture!], () =>
    db.transaction(async (tx) => {
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
      await recordStaffChange(tx, staff, "tour.picture_upload", tourTarget(tour.id), {
        slot: "thumbnail",
        key: picture!.key,
        replaced: row.thumbnail?.key ?? null,
      });
      return { unnamed: row.thumbnail ? await objectsNoRowNames(tx, [row.thumbnail]) : [] };
    }),
  );
  if (!previous) {
    // Deleted while the picture was being encoded.
    await removeStoredPictures([picture!], "tour deleted during upload");
    throw new DomainError("not_found");
  }
  refreshCatalogue();
  await removeObjects(previous.unnamed, "thumbnail replaced");
  return toDto(picture!);
}

/** Removes one gallery picture: first from the row, then its objects that no row names any more. */
export async function deleteTourMedia(tourId: string, key: string): Promise<void> {
  const staff = await requireStaffForRoute();
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
    await recordStaffChange(tx, staff, "tour.picture_delete", tourTarget(tourId), {
      slot: "media",
      key,
    });
    return objectsNoRowNames(tx, [picture]);
  });
  refreshCatalogue();
  await removeObjects(removed, "gallery picture deleted");
}

/**
 * The object keys of `pictures` that no tour row names, read after the change that made a row
 * forget them and in its transaction (so that row is read as it now is). Every tour's thumbnail
 * and gallery are looked at: an older key ('{slug}/…') may be named by another tour too. Nothing
 * can come to name an object after this read, since an upload always gets keys no object has
 * yet. Two tours letting go of one shared picture at the same moment may each still see the
 * other naming it: its objects are then left behind, never removed while named.
 *
 * `exceptTourId` leaves one tour's row out: a tour about to be deleted, whose row still names
 * its pictures while their objects are removed.
 */
export async function objectsNoRowNames(
  tx: Db | Tx,
  pictures: StoredPicture[],
  exceptTourId?: string,
): Promise<string[]> {
  if (!pictures.length) return [];
  const keys = new Set(pictures.map((p) => p.key));
  const names = [...keys].flatMap((key) => [
    sql`${tours.thumbnail} @> ${JSON.stringify({ key })}::jsonb`,
    sql`${tours.media} @> ${JSON.stringify([{ key }])}::jsonb`,
  ]);
  const rows = await tx
    .select({ thumbnail: tours.thumbnail, media: tours.media })
    .from(tours)
    .where(and(or(...names), exceptTourId ? ne(tours.id, exceptTourId) : undefined));
  return unnamedObjects(
    pictures,
    rows.flatMap((row) => [...(row.thumbnail ? [row.thumbnail] : []), ...row.media]),
  );
}

/**
 * The object keys to remove when tour `tourId` is deleted: those of its pictures that no other
 * tour names. A picture stored under an older key may be another tour's too, which keeps it.
 */
export async function tourObjectsToDelete(
  tourId: string,
  tour: { thumbnail: StoredPicture | null; media: StoredPicture[] },
): Promise<string[]> {
  const pictures = [...(tour.thumbnail ? [tour.thumbnail] : []), ...tour.media];
  return objectsNoRowNames(await getDb(), pictures, tourId);
}
