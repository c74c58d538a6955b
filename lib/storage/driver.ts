/**
 * What a storage driver does. Two exist (lib/storage/local.ts, lib/storage/s3.ts); which one
 * runs is chosen from the environment once (lib/storage/index.ts). Keys are checked by every
 * driver (lib/storage/picture.ts `isStorageKey`): a bad key throws InvalidStorageKeyError.
 */
export type StorageDriver = {
  /** 'local' or 's3', for the logs. */
  readonly kind: "local" | "s3";
  /** Writes (or overwrites) an object. Its content type must be the one its key's extension names. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Removes one object; an object that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` ('{slug}/'); answers how many. */
  deletePrefix(prefix: string): Promise<number>;
  exists(key: string): Promise<boolean>;
  /** The public URL browsers load the object from. */
  url(key: string): string;
};

/** Every stored object is immutable (its key is versioned): browsers and CDNs keep it a year. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
