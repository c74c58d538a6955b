/**
 * The library's Add and Edit dialogs in Chromium, as a member of staff, on a phone and on a
 * desktop: a vehicle refused with its reasons on the fields (what was typed kept), added, edited
 * and retired; a room added to a lodge from its card. Each run names its rows after its project
 * and the time, so the two widths (and a retry) never meet.
 */
import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./pages/admin-shell";
import { E2E_STAFF } from "./support/staff";

const visible = (page: Page, name: string) =>
  page.getByRole("button", { name }).locator("visible=true");

/** The visible row (table) or card (phone) naming `name`. */
const entry = (page: Page, name: string) =>
  page
    .locator("tr:visible, li:visible")
    .filter({ has: page.getByText(name, { exact: true }) })
    .last();

test("staff add a vehicle (refused first), edit and retire it @layout", async ({
  page,
}, testInfo) => {
  const name = `Land Cruiser ${testInfo.project.name} ${Date.now() % 100000}`;
  const shell = await signInAsAdmin(page, E2E_STAFF.staff, "/admin/library/vehicles");
  await page.mouse.move(900, 500); // off the desktop rail, which opens while hovered

  await visible(page, "Add Vehicle").click();
  const dialog = page.getByRole("dialog", { name: "Add Vehicle" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Seats", { exact: true }).fill("0");
  await dialog.getByRole("button", { name: "Add Vehicle" }).click();
  await expect(dialog.getByText("Seats must be at least 1")).toBeVisible();
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(name);

  await dialog.getByLabel("Seats", { exact: true }).fill("6");
  await dialog.getByLabel("Cost", { exact: true }).fill("230");
  await dialog.getByRole("button", { name: "Add Vehicle" }).click();
  await shell.toasts.expectToast("Vehicle Added", `${name} is in the library.`);
  await expect(dialog).toBeHidden();
  await expect(entry(page, name)).toContainText("$230");

  await visible(page, `Edit ${name}`).click();
  const edit = page.getByRole("dialog", { name: "Edit Vehicle" });
  await expect(edit.getByLabel("Seats", { exact: true })).toHaveValue("6");
  await edit.getByLabel("Cost", { exact: true }).fill("245.50");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await shell.toasts.expectToast("Vehicle Updated", `${name} has been saved.`);
  await expect(entry(page, name)).toContainText("$245.50");

  const offered = page.getByRole("switch", { name: `Offered: ${name}` }).locator("visible=true");
  await expect(offered).toBeChecked();
  await offered.click();
  await shell.toasts.expectToast("Vehicle Retired", `${name} is no longer offered for proposals.`);
  await page.reload();
  await expect(
    page.getByRole("switch", { name: `Offered: ${name}` }).locator("visible=true"),
  ).not.toBeChecked();
});

test("staff add a room to a lodge from its card @layout", async ({ page }, testInfo) => {
  const lodge = "Mweya Safari Lodge";
  const room = `Channel Suite ${testInfo.project.name} ${Date.now() % 100000}`;
  const shell = await signInAsAdmin(
    page,
    E2E_STAFF.staff,
    `/admin/library/lodges?q=${encodeURIComponent(lodge)}`,
  );
  await page.mouse.move(900, 500);

  await page.getByRole("button", { name: `Add Room to ${lodge}` }).click();
  const dialog = page.getByRole("dialog", { name: "Add Room" });
  await expect(dialog).toContainText(`A room type of ${lodge}`);
  await dialog.getByLabel("Room type", { exact: true }).fill(room);
  await dialog.getByLabel("Per person sharing", { exact: true }).fill("185");
  await dialog.getByRole("button", { name: "Add Room" }).click();
  await shell.toasts.expectToast("Room Added", `${room} at ${lodge}.`);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: `Edit ${room}, ${lodge}` })).toBeVisible();
});
