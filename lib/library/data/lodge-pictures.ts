import "server-only";

import { eq, sql } from "drizzle-orm";

import { type Db, getDb, type Tx } from "@/db";
import { lodges } from "@/db/schema";
import { recordStaffChange } from "@/lib/audit/data/trail";
import { DomainError } from "@/lib/errors";
import { requireStaffForRoute } from "@/lib/session";
import { getStorage } from "@/lib/storage";
import { checkImages, processImage, type Upload } from "@/lib/storage/images";
import { mediaBaseKey, pictureSources, type StoredPicture } from "@/lib/storage/picture";
import {
  removeObjects,
  removeStoredPictures,
  storePictures,
  unlessRolledBack,
  unnamedObjects,
} from "@/lib/storage/stored-pictures";

/**
 * A library lodge's uploaded pictures (`lodges.pictures`, object keys under
 * 'lodges/{lodgeId}/media/…'), which a traveller's proposal shows in place of the seed artwork.
 * Every member of staff manages them, as they do the rest of the library; checked here for every
 * call, answered as a route handler answers (401 signed out, 403 without a staff role). The same
 * rules as a tour's gallery: objects are written before the row names them, the row forgets a
 * picture before its objects are removed, and each change is in the audit trail in its
 * transaction.
 */

/** A lodge's picture as the Lodges screen shows it: a thumbnail with its own srcset. */
export type LodgePictureDto = {
  key: string;
  src: string;
  srcSet: string;
  width: number;
  height: number;
};

const THUMBNAIL_SIZES = "8rem";

export function lodgePictureDto(picture: StoredPicture): LodgePictureDto {
  const storage = getStorage();
  const { src, srcSet, width, height } = pictureSources(picture, THUMBNAIL_SIZES, (key) =>
    storage.url(key),
  );
  return { key: picture.key, src, srcSet, width, height };
}

const lodgeTarget = (id: string) => ({ type: "lodge", id });

async function loadLodge(lodgeId: string) {
  const db = await getDb();
  const [lodge] = await db
    .select({ id: lodges.id, name: lodges.name })
    .from(lodges)
    .where(eq(lodges.id, lodgeId))
    .limit(1);
  if (!lodge) throw new DomainError("not_found");
  return lodge;
}

/**
 * Adds pictures to a lodge, after its existing ones: every file is checked first (one refused
 * file refuses the request, naming each), then each is encoded and stored, then the row is
 * updated once. On any failure the objects already written are removed and the row is unchanged.
 */
export async function addLodgePictures(
  lodgeId: string,
  uploads: Upload[],
): Promise<LodgePictureDto[]> {
  const staff = await requireStaffForRoute();
  const lodge = await loadLodge(lodgeId);
  const images = await checkImages(uploads);

  const pictures = await storePictures(
    images.map((image) => async () => ({
      baseKey: mediaBaseKey(lodge.id, Date.now(), "lodges"),
      processed: await processImage(image),
    })),
  );

  const db = await getDb();
  const updated = await unlessRolledBack(pictures, () =>
    db.transaction(async (tx) => {
      const rows = await tx
        .update(lodges)
        .set({
          pictures: sql`${lodges.pictures} || ${JSON.stringify(pictures)}::jsonb`,
          updatedAt: new Date(),
        })
        .where(eq(lodges.id, lodge.id))
        .returning({ id: lodges.id });
      if (rows.length) {
        await recordStaffChange(tx, staff, "library.lodge_picture_upload", lodgeTarget(lodge.id), {
          lodge: lodge.name,
          keys: pictures.map((p) => p.key),
        });
      }
      return rows;
    }),
  );
  if (!updated.length) {
    // A lodge is never deleted from the screens, but a row gone meanwhile keeps nothing.
    await removeStoredPictures(pictures, "lodge deleted during upload");
    throw new DomainError("not_found");
  }
  return pictures.map(lodgePictureDto);
}

/** Removes one of a lodge's pictures: first from the row, then its objects no row names any more. */
export async function deleteLodgePicture(lodgeId: string, key: string): Promise<void> {
  const staff = await requireStaffForRoute();
  const db = await getDb();
  const removed = await db.transaction(async (tx) => {
    const [lodge] = await tx
      .select({ name: lodges.name, pictures: lodges.pictures })
      .from(lodges)
      .where(eq(lodges.id, lodgeId))
      .for("update")
      .limit(1);
    if (!lodge) throw new DomainError("not_found");
    const picture = lodge.pictures.find((p) => p.key === key);
    if (!picture) throw new DomainError("not_found");
    await tx
      .update(lodges)
      .set({ pictures: lodge.pictures.filter((p) => p.key !== key), updatedAt: new Date() })
      .where(eq(lodges.id, lodgeId));
    await recordStaffChange(tx, staff, "library.lodge_picture_delete", lodgeTarget(lodgeId), {
      lodge: lodge.name,
      key,
    });
    return lodgeObjectsNoRowNames(tx, [picture]);
  });
  await removeObjects(removed, "lodge picture removed");
}

/**
 * The object keys of `pictures` that no lodge row names, read in the transaction that made a
 * row forget them. A lodge's keys carry its own id, so only lodge rows can name them; every one
 * is still looked at, as a tour's objects are only removed once no tour names them.
 */
async function lodgeObjectsNoRowNames(tx: Db | Tx, pictures: StoredPicture[]): Promise<string[]> {
  if (!pictures.length) return [];
  const names = [...new Set(pictures.map((p) => p.key))].map(
    (key) => sql`${lodges.pictures} @> ${JSON.stringify([{ key }])}::jsonb`,
  );
  const rows = await tx
    .select({ pictures: lodges.pictures })
    .from(lodges)
    .where(sql.join(names, sql` or `));
  return unnamedObjects(
    pictures,
    rows.flatMap((row) => row.pictures),
  );
}
