/**
 * A reseller's screen in Chromium, as the demo admin (resellers are for admins only), on a phone
 * and on a desktop: from the list to the demo's test-mode reseller, a tour given a net price of
 * its own and cleared again, a webhook added (its signing secret shown once) and removed. Each
 * width prices a tour of its own and names its webhook after its project and the time, so the two
 * widths (and a retry) never meet.
 */
import type { Page } from "@playwright/test";

import { DEMO_ACCOUNTS } from "@/db/seed";

import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./pages/admin-shell";

/** The demo's test-mode reseller (15 % commission): its sales take no seats. */
const RESELLER = "Sandbox Travel";

/** A tour resellers may sell, one for each width. */
const TOURS: Record<string, string> = {
  mobile: "Lake Bunyonyi Island Retreat",
  desktop: "Sipi Falls & Mount Elgon Hike",
};

const visible = (page: Page, role: "button" | "link", name: string) =>
  page.getByRole(role, { name, exact: true }).locator("visible=true");

/** The visible row (table) or card (phone) naming `name`. */
const entry = (page: Page, name: string) =>
  page
    .locator("tr:visible, li:visible")
    .filter({ has: page.getByText(name, { exact: true }) })
    .last();

test("an admin sets a tour's net price for a reseller and clears it, adds a webhook and removes it @layout", async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  const tour = TOURS[project] ?? TOURS.desktop!;
  const url = `https://hooks.example.com/octo/${project}-${Date.now() % 100000}`;

  const shell = await signInAsAdmin(page, DEMO_ACCOUNTS.admin, "/admin/resellers");
  await page.mouse.move(900, 500); // off the desktop rail, which opens while hovered
  await expect(shell.heading).toHaveText("Resellers");
  await visible(page, "link", RESELLER).click();
  await expect(shell.heading).toHaveText(RESELLER);

  // A net price of its own for the tour, in place of the commission.
  await visible(page, "button", `Set Net Price for ${tour}`).click();
  const net = page.getByRole("dialog", { name: `Net Price for ${tour}` });
  await net.getByLabel("Net price a seat (US$)").fill("777.50");
  await net.getByRole("button", { name: "Save Net Price" }).click();
  await shell.toasts.expectToast(
    "Net Price Saved",
    `${tour}: $777.50 a seat from now on. Seats already sold keep their price.`,
  );
  await expect(net).toBeHidden();
  await expect(entry(page, tour)).toContainText("$777.50");
  await expect(entry(page, tour)).toContainText("Net price");

  // Cleared: the commission prices the tour again.
  await visible(page, "button", `Clear the net price for ${tour}`).click();
  await shell.toasts.expectToast(
    "Net Price Cleared",
    `${tour} is priced by the reseller's commission again.`,
  );
  await expect(entry(page, tour)).toContainText("15 % commission");
  await expect(entry(page, tour)).not.toContainText("$777.50");
  await expect(visible(page, "button", `Clear the net price for ${tour}`)).toHaveCount(0);

  // A webhook: its signing secret shown once, then the webhook listed.
  await visible(page, "button", "Add Webhook").click();
  const add = page.getByRole("dialog", { name: "Add Webhook" });
  await add.getByLabel("URL", { exact: true }).fill(url);
  await add.getByRole("button", { name: "Add Webhook" }).click();
  await shell.toasts.expectToast("Webhook Added", "Copy its signing secret now: it is shown once.");
  await expect(add.getByLabel("Signing secret")).not.toHaveValue("");
  await add.getByRole("button", { name: "Done" }).click();
  await expect(add).toBeHidden();
  await expect(entry(page, url)).toContainText("booking_update");

  // Removed, behind its confirmation.
  await visible(page, "button", `Remove the webhook ${url}`).click();
  const confirm = page.getByRole("dialog", { name: "Remove this webhook?" });
  await expect(confirm).toContainText(
    `${url} is called no more; its deliveries not yet made are dropped.`,
  );
  await confirm.getByRole("button", { name: "Remove Webhook" }).click();
  await shell.toasts.expectToast("Webhook Removed", "Its deliveries not yet made are dropped.");
  await expect(confirm).toBeHidden();
  await expect(page.getByText(url, { exact: true }).locator("visible=true")).toHaveCount(0);
});
