/**
 * The upload budget: a 10 MB photo checked, encoded into its WebP widths and stored
 * (local driver, a temporary directory) in at most 3 s on this machine. The photo is made here:
 * 5000 x 3750 with smooth colour and film grain, which keeps a JPEG near 10 MB (a plain picture
 * would compress far smaller and flatter the encoder).
 *
 * `npx tsx bench/image-upload.ts` on its own, or as part of `npm run bench`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import sharp from "sharp";

import { checkImages, MAX_UPLOAD_BYTES, processImage } from "../lib/storage/images";
import { createLocalStorage } from "../lib/storage/local";
import { contentTypeOfKey, mediaBaseKey, variantKey } from "../lib/storage/picture";

export const UPLOAD_BUDGET_MS = 3000;

async function tenMegabytePhoto(): Promise<Buffer> {
  const width = 5000;
  const height = 3750;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 1;
  const grain = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 70;
  const clamp = (v: number) => Math.max(0, Math.min(255, v));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = grain();
      raw[i] = clamp(120 + 80 * Math.sin(x / 300) + n);
      raw[i + 1] = clamp(140 + 60 * Math.cos(y / 200) + n);
      raw[i + 2] = clamp(90 + 50 * Math.sin((x + y) / 500) + n);
    }
  }
  for (const quality of [92, 90, 88, 85]) {
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= MAX_UPLOAD_BYTES) return jpeg;
  }
  throw new Error("could not make a photo under 10 MB");
}

export type UploadBench = {
  photoBytes: number;
  runsMs: number[];
  medianMs: number;
  variantBytes: number[];
};

export async function measureImageUpload(runs = 3): Promise<UploadBench> {
  const photo = await tenMegabytePhoto();
  const root = await mkdtemp(path.join(os.tmpdir(), "bench-upload-"));
  const storage = createLocalStorage(root);
  const runsMs: number[] = [];
  let variantBytes: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const [image] = await checkImages([{ name: "bench.jpg", bytes: photo }]);
      const processed = await processImage(image!);
      const base = mediaBaseKey(crypto.randomUUID());
      await Promise.all(
        processed.variants.map((v) => {
          const key = variantKey(base, v.width, processed.format);
          return storage.put(key, v.bytes, contentTypeOfKey(key)!);
        }),
      );
      runsMs.push(Math.round(performance.now() - started));
      variantBytes = processed.variants.map((v) => v.bytes.length);
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return {
    photoBytes: photo.length,
    runsMs,
    medianMs: sorted[Math.floor(sorted.length / 2)]!,
    variantBytes,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const result = await measureImageUpload();
  console.log(
    `10 MB photo (${(result.photoBytes / 1e6).toFixed(1)} MB): ${result.runsMs.join(", ")} ms, median ${result.medianMs} ms ` +
      `(budget ${UPLOAD_BUDGET_MS} ms); WebP widths ${result.variantBytes.map((b) => `${Math.round(b / 1000)} kB`).join(", ")}`,
  );
}
