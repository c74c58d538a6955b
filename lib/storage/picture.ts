/**
 * Stored pictures: what the database keeps of an uploaded image (object keys, never URLs) and
 * the pure rules that name its objects and turn it into `srcset`/`sizes` for an <img>.
 *
 * One upload becomes several WebP variants of decreasing width, so a phone downloads a picture
 * sized for its screen. Every upload gets keys of its own: under its tour's id (never its slug,
 * which another tour can take after a rename) with a timestamp and a random part. So no two
 * uploads, of one tour or of two, ever share an object, and a replaced picture gets new URLs and
 * can never be shown stale from a cache, which lets every URL be cached as immutable. A library
 * lodge's pictures follow the same rule under its own id ('lodges/{lodgeId}/media/…'): the first
 * segment names the kind of row that owns the picture, so two kinds of owner never meet.
 *
 * Keys written before this scheme ('{slug}/thumbnail-{hash}', '{slug}/media/{timestamp}-{random}')
 * are still valid names and keep being served; two tours may name the same one of those, which
 * is why an object is only deleted once no tour names it (lib/tours/data/media.ts).
 */

/**
 * The variant widths, capped at the original's width (never enlarged). 768 is for full-width
 * pictures on phones: a 390 to 412 px screen at 1.75 device pixels a px (Lighthouse's mobile)
 * needs 683 to 721, and Chromium, choosing between 480 and 960 alone, took 960, which made an
 * uploaded photo as a tour's hero heavier than the phone's picture budget (bench/uploaded-hero.ts
 * measures it); 768 keeps it within.
 */
export const PICTURE_WIDTHS = [480, 768, 960, 1600, 2400] as const;

export const PICTURE_FORMATS = ["webp"] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

/**
 * A stored, re-encoded picture. Kept as jsonb on its owner (`tours.thumbnail`, `tours.media`,
 * `lodges.pictures`).
 */
export type StoredPicture = {
  /** The key every variant's key starts with: '{owner}/{ownerId}/media/{timestamp}-{random}'. */
  key: string;
  /** Of the largest variant, after EXIF orientation. */
  width: number;
  height: number;
  /** Ascending. */
  widths: number[];
  format: PictureFormat;
};

/** What the content types of stored objects are: chosen by the key's extension, never by a request. */
const CONTENT_TYPES = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  png: "image/png",
} as const;

/**
 * A storage key: 2 to 4 lowercase segments of [a-z0-9_-] (each starting with a letter or digit,
 * so never '.' or '..'), the last with one known extension. Nothing else is written or served:
 * no '..', '%', backslash, NUL, leading '/', or upper case can reach the disk or the bucket.
 */
const KEY = /^(?:[a-z0-9][a-z0-9_-]{0,99}\/){1,3}[a-z0-9][a-z0-9_-]{0,99}\.(webp|avif|jpg|png)$/;
/** A prefix to delete: one or more whole segments, ending with '/'. */
const PREFIX = /^(?:[a-z0-9][a-z0-9_-]{0,99}\/){1,3}$/;
/**
 * The kinds of row that own uploaded pictures, each the first segment of its pictures' keys:
 * a tour (thumbnail and gallery) and a library lodge.
 */
export const PICTURE_OWNERS = ["tours", "lodges"] as const;
export type PictureOwner = (typeof PICTURE_OWNERS)[number];
/** An owner's id as Postgres writes a uuid (lower case), the segment its pictures are kept under. */
const OWNER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const VERSION = "[0-9]{1,16}-[a-z0-9]{1,32}";
/**
 * A gallery picture's key, by owner: a tour's 'tours/{tourId}/media/…', or the older
 * '{slug}/media/…'; a lodge's 'lodges/{lodgeId}/media/…' only (lodges never had slug keys).
 */
const MEDIA_BASE_KEY: Record<PictureOwner, RegExp> = {
  tours: new RegExp(`^(?:tours/${UUID}|[a-z0-9-]{1,100})/media/${VERSION}$`),
  lodges: new RegExp(`^lodges/${UUID}/media/${VERSION}$`),
};

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

/**
 * A gallery picture's key as a request names it: 'tours/{tourId}/media/{timestamp}-{random}', or
 * '{slug}/media/{timestamp}-{random}' for a picture stored before keys carried the tour's id; for
 * `owner` "lodges", 'lodges/{lodgeId}/media/{timestamp}-{random}'.
 */
export function isMediaBaseKey(key: string, owner: PictureOwner = "tours"): boolean {
  return MEDIA_BASE_KEY[owner].test(key);
}

export function isStoragePrefix(prefix: string): boolean {
  return PREFIX.test(prefix);
}

/** The content type of a valid key, from its extension; null for anything else. */
export function contentTypeOfKey(key: string): string | null {
  const match = KEY.exec(key);
  return match ? CONTENT_TYPES[match[1] as keyof typeof CONTENT_TYPES] : null;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Not a storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = "InvalidStorageKeyError";
  }
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new InvalidStorageKeyError(key);
}

/** What every driver checks before a put: a valid key, stored as the type its extension names. */
export function assertStorableAs(key: string, contentType: string): void {
  assertStorageKey(key);
  if (contentTypeOfKey(key) !== contentType) {
    throw new Error(`${key} cannot be stored as ${contentType}`);
  }
}

function assertOwnerId(owner: PictureOwner, id: string) {
  if (!OWNER_ID.test(id)) throw new InvalidStorageKeyError(`${owner}/${id}/`);
}

/** A version no other upload has: the time of the upload and 12 random characters. */
function uniqueVersion(now: number): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) =>
    b.toString(36).padStart(2, "0").slice(-2),
  ).join("");
  return `${now}-${random}`;
}

/**
 * 'tours/{tourId}/thumbnail-{timestamp}-{random}'. Even the same file uploaded again gets new
 * keys: a key is never shared, so deleting a replaced thumbnail can only remove that upload.
 */
export function thumbnailBaseKey(tourId: string, now = Date.now()): string {
  assertOwnerId("tours", tourId);
  return `tours/${tourId}/thumbnail-${uniqueVersion(now)}`;
}

/**
 * '{owner}/{ownerId}/media/{timestamp}-{random}', a gallery picture's key without its extension:
 * 'tours/{tourId}/media/…' by default, 'lodges/{lodgeId}/media/…' for a lodge.
 */
export function mediaBaseKey(
  ownerId: string,
  now = Date.now(),
  owner: PictureOwner = "tours",
): string {
  assertOwnerId(owner, ownerId);
  return `${owner}/${ownerId}/media/${uniqueVersion(now)}`;
}

/** '{base}-{width}.webp' */
export function variantKey(baseKey: string, width: number, format: PictureFormat = "webp"): string {
  return `${baseKey}-${width}.${format}`;
}

/** Every object a stored picture consists of. */
export function pictureKeys(picture: StoredPicture): string[] {
  return picture.widths.map((w) => variantKey(picture.key, w, picture.format));
}

/**
 * The widths to make of an original `originalWidth` pixels wide: each standard width below it,
 * then the original's own width (at most the largest standard one).
 */
export function variantWidths(originalWidth: number): number[] {
  const largest = PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1]!;
  const top = Math.min(originalWidth, largest);
  return [...PICTURE_WIDTHS.filter((w) => w < top), top];
}

export type PictureSources = {
  /** The middle variant, for browsers without srcset and for previews. */
  src: string;
  srcSet: string;
  sizes: string;
  width: number;
  height: number;
};

/**
 * `src`/`srcSet`/`sizes` for an <img> of a stored picture: the browser picks the smallest
 * variant at least as wide as the slot it is drawn in (`sizes`) times the screen's density.
 */
export function pictureSources(
  picture: StoredPicture,
  sizes: string,
  urlOf: (key: string) => string,
): PictureSources {
  const srcSet = picture.widths
    .map((w) => `${urlOf(variantKey(picture.key, w, picture.format))} ${w}w`)
    .join(", ");
  const middle = picture.widths.find((w) => w >= 960) ?? picture.widths[picture.widths.length - 1]!;
  return {
    src: urlOf(variantKey(picture.key, middle, picture.format)),
    srcSet,
    sizes,
    width: picture.width,
    height: picture.height,
  };
}

/** The URL of a picture's widest variant at most `maxWidth` wide (social previews, structured data). */
export function variantUrlUpTo(
  picture: StoredPicture,
  maxWidth: number,
  urlOf: (key: string) => string,
): string {
  const width = [...picture.widths].reverse().find((w) => w <= maxWidth) ?? picture.widths[0]!;
  return urlOf(variantKey(picture.key, width, picture.format));
}
