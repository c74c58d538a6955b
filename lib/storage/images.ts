import { createHash } from "node:crypto";

import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata, type OutputInfo } from "sharp";

import { Semaphore } from "@/lib/semaphore";

import { type PictureFormat, variantWidths } from "./picture";

/**
 * Uploaded images: recognised by their bytes (file-type's signatures, never the file's name or
 * the type the browser declared), refused with a message naming the file, and re-encoded by
 * sharp into WebP variants of several widths. What is stored is only ever sharp's own output:
 * orientation applied, metadata (EXIF, GPS, ICC comments, XMP) dropped, nothing of the original
 * bytes kept, so a polyglot that slipped past the checks would still be stored as a plain picture.
 *
 * AVIF is accepted as input but not produced: encoding every width in AVIF as well as WebP takes
 * several times as long as WebP alone, which breaks the upload's time budget on a small server
 * (bench/image-upload.ts measures the upload).
 */

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = 40_000_000;
/** Files in one upload request. */
export const MAX_UPLOAD_FILES = 10;

const ACCEPTED = { jpg: "JPEG", png: "PNG", webp: "WebP", avif: "AVIF" } as const;
const WEBP_QUALITY = 75;
/** sharp's default effort 4 took twice as long for files within a few per cent of the same size. */
const WEBP_EFFORT = 2;

/** Markup or script inside an image: an SVG, an HTML page, or a polyglot that is both. */
const MARKUP = /<(?:script|html|body|svg|iframe|object|embed|!doctype|\?xml)[\s>/]/i;

export type Upload = { name: string; bytes: Uint8Array };

export type Refusal = { file: string; message: string };

/** One or more files refused; nothing of the request was stored. */
export class UploadRefusedError extends Error {
  constructor(readonly refusals: Refusal[]) {
    super(refusals.map((r) => r.message).join(" "));
    this.name = "UploadRefusedError";
  }
}

/**
 * A file name fit to show in a message: the last path segment, no control characters, at most
 * 100 characters. The name is only ever shown, never used to store anything.
 */
export function displayName(name: string): string {
  const shown = (name.split(/[/\\]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (!shown) return "The file";
  return shown.length > 100 ? `${shown.slice(0, 97)}...` : shown;
}

export type CheckedImage = {
  name: string;
  bytes: Uint8Array;
  format: keyof typeof ACCEPTED;
  /** Oriented as it will be shown. */
  width: number;
  height: number;
};

/**
 * Checks one upload without decoding its pixels: its name, size, signature, dimensions and
 * that it holds no markup. Answers the image or a refusal naming the file.
 */
export async function checkImage(upload: Upload): Promise<CheckedImage | Refusal> {
  const file = displayName(upload.name);
  const refuse = (message: string): Refusal => ({ file, message: `${file}: ${message}` });
  if (/[/\\\u0000-\u001f\u007f]/.test(upload.name) || upload.name.length > 255) {
    return refuse("the file name is not allowed.");
  }
  const { bytes } = upload;
  if (bytes.byteLength === 0) return refuse("the file is empty.");
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return refuse("the file is larger than 10 MB.");

  const type = await fileTypeFromBuffer(bytes);
  const format = type && type.ext in ACCEPTED ? (type.ext as keyof typeof ACCEPTED) : null;
  if (!format) return refuse("not a JPEG, PNG, WebP or AVIF image.");
  if (
    MARKUP.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1"))
  ) {
    return refuse("the image contains markup or script and was refused.");
  }

  let meta: Metadata;
  try {
    // Only the header is read: no pixel limit needed to learn the dimensions of a huge one.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refuse("the image cannot be read.");
  }
  if (!meta.width || !meta.height) return refuse("the image cannot be read.");
  if (meta.width * meta.height > MAX_UPLOAD_PIXELS) {
    return refuse("the image is larger than 40 megapixels.");
  }
  return {
    name: file,
    bytes,
    format,
    // As it will be shown: EXIF orientations 5-8 turn the picture a quarter.
    width: meta.autoOrient.width,
    height: meta.autoOrient.height,
  };
}

/** Checks every file of a request; throws UploadRefusedError listing each refused one. */
export async function checkImages(uploads: Upload[]): Promise<CheckedImage[]> {
  const results = [];
  for (const upload of uploads) results.push(await checkImage(upload));
  const refusals = results.filter((r): r is Refusal => "message" in r);
  if (refusals.length) throw new UploadRefusedError(refusals);
  return results as CheckedImage[];
}

export type Variant = { width: number; height: number; bytes: Buffer };

/**
 * One image is encoded at a time in this process (its widths in parallel): two cores, shared
 * with the site. Others wait up to a minute; SemaphoreTimeout past that.
 */
const processingSlots = new Semaphore(1, 60_000, 50);

export type ProcessedImage = {
  /** SHA-256 of the uploaded bytes, hex. */
  hash: string;
  format: PictureFormat;
  width: number;
  height: number;
  /** Ascending by width. */
  variants: Variant[];
};

/**
 * Decodes the image once (a truncated or corrupt file is refused here), orients it and scales
 * it to the largest width, then encodes each width from that. Throws UploadRefusedError for an
 * image sharp cannot decode.
 */
export function processImage(image: CheckedImage): Promise<ProcessedImage> {
  return processingSlots.run(() => encode(image));
}

async function encode(image: CheckedImage): Promise<ProcessedImage> {
  const widths = variantWidths(image.width);
  const largest = widths[widths.length - 1]!;
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(image.bytes, { failOn: "warning", limitInputPixels: MAX_UPLOAD_PIXELS })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new UploadRefusedError([
      { file: image.name, message: `${image.name}: the image is damaged or incomplete.` },
    ]);
  }
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
  const variants = await Promise.all(
    widths.map(async (width) => {
      const { data, info } = await sharp(base.data, { raw })
        .resize({ width: Math.min(width, raw.width), withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
        .toBuffer({ resolveWithObject: true });
      return { width, height: info.height, bytes: data };
    }),
  );
  return {
    hash: createHash("sha256").update(image.bytes).digest("hex"),
    format: "webp",
    width: base.info.width,
    height: base.info.height,
    variants,
  };
}
