import "server-only";

import { getStorage } from "@/lib/storage";
import type { ProcessedImage } from "@/lib/storage/images";
import {
  contentTypeOfKey,
  pictureKeys,
  type StoredPicture,
  variantKey,
} from "@/lib/storage/picture";

/**
 * Writing and removing the objects of uploaded pictures, whoever owns them (a tour, a library
 * lodge). The owner's data module keeps the rule that makes this safe: objects are written
 * before its row names them, and the row forgets a picture before its objects are removed; an
 * object is removed only once no row names it (`unnamedObjects`). A failure to remove is
 * logged as an orphan (never shown), never thrown: the row is already right.
 */

/**
 * The object keys of `pictures` that none of `stillNamed` (the pictures the owner's rows name
 * after the change, read in its transaction) shares.
 */
export function unnamedObjects(pictures: StoredPicture[], stillNamed: StoredPicture[]): string[] {
  const keys = new Set(pictures.map((p) => p.key));
  const named = new Set(stillNamed.filter((p) => keys.has(p.key)).flatMap(pictureKeys));
  return [...new Set(pictures.flatMap(pictureKeys))].filter((key) => !named.has(key));
}

/**
 * Deletes the objects of pictures just written that no row has named (an upload that failed or
 * whose owner was deleted meanwhile): their keys are new, so nothing else can name them.
 */
export async function removeStoredPictures(
  pictures: StoredPicture[],
  reason: string,
): Promise<void> {
  await removeObjects(pictures.flatMap(pictureKeys), reason);
}

/**
 * Deletes objects no row names. A failure is logged with the keys left behind (orphans: never
 * shown, safe to remove by hand) and not thrown: the row is already right.
 */
export async function removeObjects(keys: string[], reason: string): Promise<void> {
  if (!keys.length) return;
  const storage = getStorage();
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

/**
 * Runs the transaction that makes a row name `written` (pictures just stored); if it fails (the
 * database, or its audit event), no row names them, so their objects are removed before the
 * error goes on.
 */
export async function unlessRolledBack<T>(
  written: StoredPicture[],
  change: () => Promise<T>,
): Promise<T> {
  try {
    return await change();
  } catch (error) {
    await removeStoredPictures(written, "row not updated");
    throw error;
  }
}

export type PendingPicture = () => Promise<{ baseKey: string; processed: ProcessedImage }>;

/**
 * Encodes and writes pictures one after another. If any step fails, what was written is
 * removed again before the error goes on.
 */
export async function storePictures(pending: PendingPicture[]): Promise<StoredPicture[]> {
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
