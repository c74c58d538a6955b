/**
 * Uploaded images: the disguised-file corpus, each refused with a message naming the file, and
 * real photos accepted and re-encoded into WebP widths with their metadata gone.
 */
import { crc32, deflateSync } from "node:zlib";

import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";

import {
  checkImage,
  checkImages,
  type CheckedImage,
  MAX_UPLOAD_BYTES,
  processImage,
  type Refusal,
  UploadRefusedError,
} from "@/lib/storage/images";
import { pictureSources, variantWidths } from "@/lib/storage/picture";

const photo = (width: number, height: number, format: "jpeg" | "png" | "webp" | "avif" = "jpeg") =>
  sharp({ create: { width, height, channels: 3, background: { r: 34, g: 110, b: 70 } } })
    .composite([
      {
        input: {
          create: {
            width: Math.ceil(width / 3),
            height: Math.ceil(height / 3),
            channels: 3,
            background: "#e8b04a",
          },
        },
        top: 0,
        left: 0,
      },
    ])
    .toFormat(format)
    .toBuffer();

/** A PNG whose header claims `width` x `height` with one row of pixels (a decompression bomb's header). */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(61))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A zip archive with one stored file (local header, central directory, end record). */
function zip(): Buffer {
  const name = Buffer.from("photo.jpg");
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length, 16);
  return Buffer.concat([local, name, central, name, end]);
}

const refusalOf = async (name: string, bytes: Uint8Array) => {
  const result = await checkImage({ name, bytes });
  expect("message" in result, `${name} is refused`).toBe(true);
  return result as Refusal;
};

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await photo(1200, 800);
});

describe("disguised and unusable files are refused, each naming the file", () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>`;
  const html = `<!doctype html><html><body><script>fetch('/api')</script></body></html>`;

  const cases: [
    label: string,
    name: string,
    bytes: () => Promise<Uint8Array> | Uint8Array,
    message: RegExp,
  ][] = [
    [
      "an SVG with a script, named .png",
      "sunset.png",
      () => Buffer.from(svg),
      /not a JPEG, PNG, WebP or AVIF image/,
    ],
    [
      "an HTML page named .jpg",
      "gorillas.jpg",
      () => Buffer.from(html),
      /not a JPEG, PNG, WebP or AVIF image/,
    ],
    [
      "a PNG/HTML polyglot (a valid PNG with a page after it)",
      "polyglot.png",
      async () => Buffer.concat([await photo(20, 20, "png"), Buffer.from(html)]),
      /contains markup or script/,
    ],
    [
      "a JPEG with a script in a comment",
      "commented.jpg",
      async () =>
        sharp(await photo(20, 20))
          .jpeg()
          .withExif({ IFD0: { ImageDescription: "<script>alert(1)</script>" } })
          .toBuffer(),
      /contains markup or script/,
    ],
    ["a zip archive named .webp", "album.webp", zip, /not a JPEG, PNG, WebP or AVIF image/],
    [
      "a GIF",
      "animated.gif",
      () => Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"),
      /not a JPEG, PNG, WebP or AVIF image/,
    ],
    ["an empty file", "empty.jpg", () => new Uint8Array(0), /the file is empty/],
    [
      "a file over 10 MB",
      "huge.jpg",
      () => Buffer.concat([jpeg, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - jpeg.length)]),
      /larger than 10 MB/,
    ],
    [
      "a 20000 x 20000 PNG (400 megapixels)",
      "bomb.png",
      () => pngHeader(20_000, 20_000),
      /larger than 40 megapixels/,
    ],
    ["a file name with ../", "../../etc/passwd.jpg", () => jpeg, /the file name is not allowed/],
    ["a file name with NUL", "photo.jpg\0.html", () => jpeg, /the file name is not allowed/],
  ];

  for (const [label, name, bytes, message] of cases) {
    it(`refuses ${label}`, async () => {
      const refusal = await refusalOf(name, await bytes());
      expect(refusal.message).toMatch(message);
      // Named as the user knows it: the last path segment, without control characters.
      const shown = name.split("/").pop()!.replace(/\0/g, "");
      expect(refusal.file).toBe(shown);
      expect(refusal.message.startsWith(`${shown}: `)).toBe(true);
    });
  }

  it("refuses an image over 40 megapixels made by sharp (8000 x 5001)", async () => {
    const big = await sharp({
      create: { width: 8000, height: 5001, channels: 3, background: "#335533" },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect((await refusalOf("wide.png", big)).message).toBe(
      "wide.png: the image is larger than 40 megapixels.",
    );
  });

  it("refuses a truncated JPEG when decoding it, naming the file", async () => {
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const checked = await checkImage({ name: "cut.jpg", bytes: truncated });
    expect("message" in checked).toBe(false);
    const error = await processImage(checked as CheckedImage).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadRefusedError);
    expect((error as UploadRefusedError).refusals).toEqual([
      { file: "cut.jpg", message: "cut.jpg: the image is damaged or incomplete." },
    ]);
  });

  it("refuses the whole batch when one file is refused, listing each refused file", async () => {
    const error = await checkImages([
      { name: "good.jpg", bytes: jpeg },
      { name: "fake.png", bytes: Buffer.from(svg) },
      { name: "page.jpg", bytes: Buffer.from(html) },
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadRefusedError);
    expect((error as UploadRefusedError).refusals.map((r) => r.file)).toEqual([
      "fake.png",
      "page.jpg",
    ]);
  });
});

describe("real photos are accepted and re-encoded", () => {
  it("accepts JPEG, PNG, WebP and AVIF by their bytes, whatever their names say", async () => {
    for (const format of ["jpeg", "png", "webp", "avif"] as const) {
      const checked = await checkImage({
        name: "IMG_0001.txt",
        bytes: await photo(64, 48, format),
      });
      expect(checked, format).toMatchObject({ width: 64, height: 48 });
    }
  });

  it("makes WebP widths up to the original, oriented, with EXIF and GPS metadata gone", async () => {
    // A camera photo stored sideways (EXIF orientation 6: turn 90° clockwise to view), with an
    // owner and a position in its metadata.
    const sideways = await sharp(await photo(3000, 2000))
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Artist: "Guide Camera", Copyright: "Someone" },
        IFD3: { GPSLatitudeRef: "S" },
      })
      .jpeg({ quality: 90 })
      .toBuffer();
    const before = await sharp(sideways).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString("latin1")).toContain("Guide Camera");

    const checked = (await checkImage({ name: "trek.jpg", bytes: sideways })) as CheckedImage;
    expect(checked).toMatchObject({ width: 2000, height: 3000, format: "jpg" });
    const processed = await processImage(checked);
    expect(processed).toMatchObject({ format: "webp", width: 2000, height: 3000 });
    expect(processed.variants.map((v) => v.width)).toEqual([480, 768, 960, 1600, 2000]);
    expect(processed.hash).toMatch(/^[0-9a-f]{64}$/);

    for (const variant of processed.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(variant.width);
      // Portrait, as viewed: 3:2 upright.
      expect(meta.height).toBe(Math.round((variant.width * 3) / 2));
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
    }
  });

  it("never enlarges a small picture", async () => {
    const processed = await processImage(
      (await checkImage({
        name: "small.png",
        bytes: await photo(300, 200, "png"),
      })) as CheckedImage,
    );
    expect(processed.variants.map((v) => [v.width, v.height])).toEqual([[300, 200]]);
  });

  it("gives srcset and sizes for a stored picture, every width with its URL", () => {
    expect(variantWidths(4000)).toEqual([480, 768, 960, 1600, 2400]);
    const sources = pictureSources(
      {
        key: "gorilla-safari/media/1700000000000-k2j3h4",
        width: 2400,
        height: 1600,
        widths: [480, 960, 1600, 2400],
        format: "webp",
      },
      "100vw",
      (key) => `/media/${key}`,
    );
    expect(sources).toEqual({
      src: "/media/gorilla-safari/media/1700000000000-k2j3h4-960.webp",
      srcSet: [480, 960, 1600, 2400]
        .map((w) => `/media/gorilla-safari/media/1700000000000-k2j3h4-${w}.webp ${w}w`)
        .join(", "),
      sizes: "100vw",
      width: 2400,
      height: 1600,
    });
  });
});
