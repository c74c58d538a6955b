import "server-only";

import { env } from "@/lib/env";

import type { StorageDriver } from "./driver";
import { pictureSources, type StoredPicture, variantUrlUpTo } from "./picture";
import { createLocalStorage, type LocalStorage } from "./local";
import { createS3Storage } from "./s3";

export type { StorageDriver } from "./driver";

/**
 * The storage of tour pictures, chosen from the environment once: S3 (MinIO or any S3-protocol
 * service) when S3_ENDPOINT is set, else files under STORAGE_DIR served by app/media/[...key].
 */
let current: StorageDriver | undefined;

export function getStorage(): StorageDriver {
  current ??= env.S3_ENDPOINT
    ? createS3Storage({
        endpoint: env.S3_ENDPOINT,
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        // lib/env.ts refuses S3_ENDPOINT without both keys.
        accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
        secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
        publicUrl: env.S3_PUBLIC_URL,
      })
    : createLocalStorage(env.STORAGE_DIR);
  return current;
}

/** Replaces the driver (a test's own directory or bucket); `undefined` goes back to the environment's. */
export function setStorage(driver: StorageDriver | undefined): void {
  current = driver;
}

/** The local driver when it is the one in use (the media route serves only its objects). */
export function getLocalStorage(): LocalStorage | null {
  const storage = getStorage();
  return storage.kind === "local" ? (storage as LocalStorage) : null;
}

/** The public URL of a stored object. */
export function storageUrl(key: string): string {
  return getStorage().url(key);
}

/** `src`/`srcSet`/`sizes`/dimensions for an <img> of a stored picture, with this storage's URLs. */
export function storedPictureSources(picture: StoredPicture, sizes: string) {
  return pictureSources(picture, sizes, storageUrl);
}

/** A tour's picture for link previews and structured data: the uploaded thumbnail (1600 px), else the seed artwork. */
export function tourImageUrl(tour: { thumbnail: StoredPicture | null; imageUrl: string | null }) {
  return tour.thumbnail ? variantUrlUpTo(tour.thumbnail, 1600, storageUrl) : tour.imageUrl;
}
