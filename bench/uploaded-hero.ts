/**
 * The uploaded-hero budget: a tour page whose hero is an uploaded 4000 x 3000 JPEG scores >= 95 in
 * Lighthouse mobile, and its LCP picture weighs <= 120 kB at 390 px.
 *
 * Before the site's bench server starts, an `admin` staff account is made on its fresh PGlite
 * directory with `npm run admin:create` (as the end-to-end runs make theirs). Once the server
 * runs, Chromium (Playwright, the system's /usr/bin/chromium) signs in at /admin/login as a
 * member of staff does, reads the tour's id from the admin tours list, and sends the photo
 * (bench/hero-photo.ts) as the admin UI does: PUT /api/admin/tours/<id>/thumbnail, multipart,
 * field `file`, with the session cookie. The tour is one the other measures do not use, so its
 * new picture changes none of their figures.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";

import { chromium } from "playwright-core";

import { heroPhoto, HERO_PHOTO } from "./hero-photo";
import { lcpElement, type Lhr, networkRequests, type ScreenEmulation } from "./lighthouse";

export const HERO_TOUR = "nile-adventure";
export const HERO_BUDGET = { performance: 95, lcpPictureKb: 120 };
/**
 * Lighthouse's mobile device (moto g power: 1.75 device pixels a CSS pixel) at the 390 px width
 * of a common phone (and of the e2e phone project) instead of its default 412 px: the browser picks
 * the srcset width for 390 x 1.75 = 683 device pixels.
 */
export const HERO_SCREEN: ScreenEmulation = {
  mobile: true,
  width: 390,
  height: 844,
  deviceScaleFactor: 1.75,
  disabled: false,
};

/** The account, made fresh for each run (a new PGlite directory): its password is random. */
export const BENCH_ADMIN = {
  email: "bench.admin@bench.breatheuganda.com",
  password: `bench-${randomBytes(12).toString("base64url")}`,
  name: "Bench Admin",
};

export type UploadedHero = {
  slug: string;
  photoBytes: number;
  /** The stored picture's key (no width, no extension) and its widths, from the route's answer. */
  key: string;
  widths: number[];
  uploadMs: number;
};

/** `npm run admin:create` on the server's database, before the server opens it. */
export function createBenchAdmin(root: string, env: NodeJS.ProcessEnv) {
  const result = spawnSync(
    path.join(root, "node_modules/.bin/tsx"),
    [
      "--conditions=react-server",
      "scripts/admin-create.ts",
      "--email",
      BENCH_ADMIN.email,
      "--password",
      BENCH_ADMIN.password,
      "--name",
      BENCH_ADMIN.name,
      "--role",
      "admin",
    ],
    { cwd: root, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  if (result.status !== 0)
    throw new Error(`admin:create failed (exit ${result.status}): ${result.stderr.trim()}`);
}

/** Signs in as the bench admin and uploads the photo as the thumbnail of HERO_TOUR. */
export async function uploadHero(baseUrl: string, chromePath: string): Promise<UploadedHero> {
  const photo = await heroPhoto();
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ["--no-sandbox", "--disable-dev-shm-usage"],
  });
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto("/admin/login");
    await page.getByLabel("Email", { exact: true }).fill(BENCH_ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(BENCH_ADMIN.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin", { timeout: 60_000 });

    await page.goto(`/admin/tours?q=${HERO_TOUR}`);
    const row = page.locator("tr", { hasText: `/tour/${HERO_TOUR}` });
    const href = await row.locator('a[href*="edit="]').first().getAttribute("href");
    const id = href ? new URL(href, baseUrl).searchParams.get("edit") : null;
    if (!id) throw new Error(`no tour ${HERO_TOUR} in the admin tours list`);

    const started = performance.now();
    const response = await page.request.put(`/api/admin/tours/${id}/thumbnail`, {
      headers: { origin: baseUrl },
      multipart: { file: { name: "hero.jpg", mimeType: "image/jpeg", buffer: photo } },
      timeout: 120_000,
    });
    const uploadMs = Math.round(performance.now() - started);
    const answer = (await response.json()) as {
      message?: string;
      thumbnail?: { key: string; srcSet: string };
    };
    if (!response.ok() || !answer.thumbnail)
      throw new Error(`thumbnail upload: ${response.status()} ${answer.message ?? ""}`);
    return {
      slug: HERO_TOUR,
      photoBytes: photo.length,
      key: answer.thumbnail.key,
      // The srcset's widths ('<url> 480w, <url> 960w, ...').
      widths: [...answer.thumbnail.srcSet.matchAll(/ (\d+)w\b/g)].map((m) => Number(m[1])),
      uploadMs,
    };
  } finally {
    await browser.close();
  }
}

/**
 * From one Lighthouse run of the hero's page: whether the LCP element is the uploaded picture,
 * and the bytes of its image requests (every variant of the picture fetched during the load:
 * normally the one the preload and the <img> share).
 */
export function inspectHero(hero: UploadedHero) {
  return (lhr: Lhr) => {
    const element = lcpElement(lhr);
    const pictures = networkRequests(lhr).filter(
      (r) => r.resourceType === "Image" && r.url.includes(`/${hero.key}-`),
    );
    const isHero = Boolean(
      element?.snippet?.startsWith("<img") && element.snippet.includes(hero.key),
    );
    return {
      lcpIsPicture: isHero ? 1 : 0,
      lcpPictureBytes: isHero
        ? pictures.reduce((sum, r) => sum + (r.transferSize ?? 0), 0)
        : undefined,
      lcpElement: element?.snippet ?? "(none)",
      lcpPictureUrls: pictures.map((r) => new URL(r.url).pathname).join(" "),
    };
  };
}

export const HERO_DESCRIPTION = `${HERO_PHOTO.width}x${HERO_PHOTO.height} JPEG (q${HERO_PHOTO.quality})`;
