import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The WCAG rules the screens are held to: 2.0 to 2.2, levels A and AA. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe-core finds no violation on the page as it is now (`where` names it in the failure). */
export async function expectNoAxeViolations(page: Page, where: string) {
  // Every page has a title, but after a client-side navigation (a server action's redirect) it
  // is streamed with the page's metadata and can come a moment after the content.
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
  expect(summary, `axe violations on ${where}`).toEqual([]);
}
