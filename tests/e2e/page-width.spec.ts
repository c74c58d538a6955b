/**
 * Every long public page, scrolled through so its lazy pictures load, fits the width of a phone
 * and of a desktop without horizontal scrolling. No picture of the page is written: one that no
 * test compares proves nothing, and baselines of whole pages would change with every font version
 * of the machine that runs them.
 */
import { expect, test } from "./fixtures";

const PAGES = [
  ["home", "/"],
  ["tours", "/tours"],
  ["tour-gorilla-safari", "/tour/gorilla-safari"],
  ["contact", "/contact"],
  ["legal", "/legal"],
] as const;

test.describe("page width", { tag: "@layout" }, () => {
  for (const [name, url] of PAGES) {
    test(`${name}: no horizontal overflow, scrolled through`, async ({ page, chrome }) => {
      const response = await page.goto(url, { waitUntil: "load" });
      expect(response?.status()).toBe(200);
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
      // Every picture the walk brought into view has arrived (or failed) and is laid out.
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));

      const { scrollWidth, innerWidth } = await chrome.horizontalOverflow();
      expect(scrollWidth, `document width at ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
    });
  }
});
