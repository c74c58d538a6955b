/**
 * The staff lists' Add and Edit dialogs in Chromium, on a phone and on a desktop: the library's (a
 * vehicle refused with its reasons on the fields, what was typed kept, then added, edited and
 * retired; a room added to a lodge from its card) and the Tariffs' (a park fee added and edited,
 * by an admin). Each run names its rows after its project and the time, so the two widths (and a
 * retry) never meet.
 */
import type { Page } from "@playwright/test";

import { DEMO_ACCOUNTS } from "@/db/seed";

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

test("an admin adds a park fee tariff (refused first) and edits it @layout", async ({
  page,
}, testInfo) => {
  const stamp = Date.now() % 100000;
  const park = `Semuliki ${testInfo.project.name} ${stamp}`;
  // A day of its own far ahead, so the Edit button's name (fee, category, first day) is this row's.
  const from = `2031-${testInfo.project.name === "mobile" ? "03" : "09"}-${String((stamp % 28) + 1).padStart(2, "0")}`;
  const shell = await signInAsAdmin(page, DEMO_ACCOUNTS.admin, "/admin/tariffs");
  await page.mouse.move(900, 500); // off the desktop rail, which opens while hovered

  await visible(page, "Add Tariff").click();
  const dialog = page.getByRole("dialog", { name: "Add Tariff" });
  await dialog.getByLabel("Park", { exact: true }).fill(park);
  await dialog.getByLabel("Effective from", { exact: true }).fill(from);
  await dialog.getByRole("button", { name: "Add Tariff" }).click();
  await expect(dialog.getByText("Amount is required")).toBeVisible();
  await expect(dialog.getByLabel("Park", { exact: true })).toHaveValue(park);

  await dialog.getByLabel("Amount", { exact: true }).fill("950");
  await dialog.getByRole("button", { name: "Add Tariff" }).click();
  await shell.toasts.expectToast(
    "Tariff Added",
    `Gorilla permit, Foreign non-resident, from ${from}.`,
  );
  await expect(dialog).toBeHidden();
  await expect(entry(page, `Gorilla permit, ${park}`)).toContainText("US$950");

  await visible(page, `Edit Gorilla permit, Foreign non-resident, from ${from}`).click();
  const edit = page.getByRole("dialog", { name: "Edit Tariff" });
  await expect(edit.getByLabel("Amount", { exact: true })).toHaveValue("950");
  await edit.getByLabel("Amount", { exact: true }).fill("975");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await shell.toasts.expectToast(
    "Tariff Updated",
    "Gorilla permit, Foreign non-resident has been saved.",
  );
  await expect(entry(page, `Gorilla permit, ${park}`)).toContainText("US$975");
});
