import { expect, type Page } from "@playwright/test";

/**
 * A Sonner toast with this title and description, found in one step (a toast lives 4 seconds:
 * looking up the title and then the description could straddle its end on a slow machine).
 */
export async function expectToast(page: Page, title: string, description?: string) {
  let toast = page
    .locator("[data-sonner-toast]")
    .filter({ has: page.locator("[data-title]").getByText(title, { exact: true }) });
  if (description)
    toast = toast.filter({
      has: page.locator("[data-description]").getByText(description, { exact: true }),
    });
  await expect(toast.first()).toBeVisible();
}
