/**
 * A photo-like 4000 x 3000 JPEG for the uploaded-hero bench (bench/uploaded-hero.ts): what a
 * phone's camera gives a tour operator, not a flat gradient that any encoder shrinks to nothing.
 * Natural pictures have about as much detail at every scale (their power falls as 1/f), so the
 * picture is the sum of random fields from coarse (sky, hills) to fine (leaves, grain), each
 * upscaled smoothly, with a few hard-edged shapes (a ridge line, trees, a sun) on top, saved at
 * quality 85 as cameras do. Seeded: every run uploads the same bytes.
 *
 * `npx tsx bench/hero-photo.ts [out.jpg]` writes it and prints its size and the size of each
 * stored width (WebP q75, as lib/storage/images.ts encodes them).
 */
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

import sharp from "sharp";

import { PICTURE_WIDTHS } from "../lib/storage/picture";

export const HERO_PHOTO = { width: 4000, height: 3000, quality: 85 } as const;

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    // mulberry32: small, fast and good enough for picture noise.
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One octave: a small random RGB field, upscaled (bicubic) to the photo's size. */
async function octave(cellsX: number, seed: number): Promise<Buffer> {
  const { width, height } = HERO_PHOTO;
  const cellsY = Math.max(2, Math.round((cellsX * height) / width));
  const next = random(seed);
  const small = Buffer.alloc(cellsX * cellsY * 3);
  for (let i = 0; i < small.length; i += 3) {
    // Mostly luminance, a little colour, as in foliage and earth.
    const l = next() * 255;
    small[i] = Math.max(0, Math.min(255, l + (next() - 0.5) * 60));
    small[i + 1] = Math.max(0, Math.min(255, l + (next() - 0.5) * 60));
    small[i + 2] = Math.max(0, Math.min(255, l + (next() - 0.5) * 60));
  }
  return sharp(small, { raw: { width: cellsX, height: cellsY, channels: 3 } })
    .resize(width, height, { kernel: "cubic", fit: "fill" })
    .raw()
    .toBuffer();
}

/** The hard edges a landscape has: a ridge line, tree crowns, a sun; semi-transparent. */
function shapesSvg(): Buffer {
  const { width, height } = HERO_PHOTO;
  const next = random(7);
  const ridge: string[] = [`0,${height}`];
  for (let x = 0; x <= width; x += 80)
    ridge.push(`${x},${1500 + Math.sin(x / 530) * 260 + next() * 120}`);
  ridge.push(`${width},${height}`);
  const trees: string[] = [];
  for (let i = 0; i < 90; i++) {
    const x = next() * width;
    const y = 1700 + next() * 1300;
    const r = 40 + next() * 160;
    const g = 60 + Math.round(next() * 90);
    trees.push(
      `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${r.toFixed(0)}" ry="${(r * 0.8).toFixed(0)}" fill="rgb(${20 + Math.round(next() * 40)},${g},${20 + Math.round(next() * 30)})" fill-opacity="0.55"/>`,
    );
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="${width}" height="1600" fill="rgb(120,170,215)" fill-opacity="0.45"/>` +
      `<circle cx="3100" cy="520" r="210" fill="rgb(255,236,190)" fill-opacity="0.8"/>` +
      `<polygon points="${ridge.join(" ")}" fill="rgb(52,96,48)" fill-opacity="0.5"/>` +
      trees.join("") +
      `</svg>`,
  );
}

export async function heroPhoto(): Promise<Buffer> {
  const { width, height, quality } = HERO_PHOTO;
  // Cells across each octave and its weight: about 1/f, with the finest octaves kept faint (a
  // real photo's fine detail is texture, not white noise, which no JPEG of a few MB can hold).
  const octaves: [cells: number, weight: number][] = [
    [6, 0.34],
    [24, 0.24],
    [96, 0.18],
    [400, 0.13],
    [1300, 0.07],
    [4000, 0.04],
  ];
  const layers = await Promise.all(octaves.map(([cells], i) => octave(cells, 101 + i)));
  const sum = Buffer.alloc(width * height * 3);
  for (let p = 0; p < sum.length; p++) {
    let v = 0;
    for (let i = 0; i < octaves.length; i++) v += layers[i]![p]! * octaves[i]![1];
    // Stretch the contrast the averaging took away.
    sum[p] = Math.max(0, Math.min(255, (v - 128) * 2.2 + 128));
  }
  return sharp(sum, { raw: { width, height, channels: 3 } })
    .composite([{ input: shapesSvg(), blend: "overlay" }])
    .jpeg({ quality })
    .toBuffer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const photo = await heroPhoto();
  const out = process.argv[2] ?? "/tmp/hero-photo.jpg";
  writeFileSync(out, photo);
  const widths = PICTURE_WIDTHS;
  const sizes = await Promise.all(
    widths.map(
      async (w) =>
        (await sharp(photo).resize({ width: w }).webp({ quality: 75, effort: 2 }).toBuffer())
          .length,
    ),
  );
  console.log(
    `${out}: ${(photo.length / 1e6).toFixed(2)} MB; WebP q75: ${widths.map((w, i) => `${w}w ${(sizes[i]! / 1000).toFixed(0)} kB`).join(", ")}`,
  );
}
