import path from "node:path";

import { expect, test } from "./fixtures";

const PAGES = [
  ["home", "/"],
  ["tours", "/tours"],
  ["tour-gorilla-safari", "/tour/gorilla-safari"],
  ["contact", "/contact"],
  ["legal", "/legal"],
] as const;

const DIR = path.join("test-results", "screenshots");

test.describe("screenshots", () => {
  for (const [name, url] of PAGES) {
    test(`${name}: full page, no horizontal overflow`, async ({ page, chrome }, testInfo) => {
      test.setTimeout(90_000); // full-page captures of long pages are slow on 2 cores
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await page.waitForLoadState("networkidle");
      // Walk down the page so lazy images load, then back to the top (bounded: 40 steps at most).
      // Each step waits for two frames: the browser has then laid the new view out and queued the
      // loads of the images that came into it (no fixed pause).
      await page.evaluate(async () => {
        const steps = Math.min(
          40,
          Math.ceil(document.documentElement.scrollHeight / window.innerHeight),
        );
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        for (let i = 1; i <= steps; i++) {
          window.scrollTo({ top: i * window.innerHeight, behavior: "instant" });
          await frame();
          await frame();
        }
        window.scrollTo({ top: 0, behavior: "instant" });
      });
      await page.waitForLoadState("networkidle");

      const { scrollWidth, innerWidth } = await chrome.horizontalOverflow();
      // Saved either way, so an overflowing layout can be seen.
      await page.screenshot({
        path: path.join(DIR, `${testInfo.project.name}-${name}.png`),
        fullPage: true,
      });
      expect(scrollWidth, `document width at ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
    });
  }
});
