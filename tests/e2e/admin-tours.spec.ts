/**
 * The admin Tours screen in Chromium, as an admin: add a tour with its
 * thumbnail (it shows on /tours at once), edit it, hide and activate it (its page says 'Tour Not
 * Found' while hidden), upload a real JPEG to its gallery, delete it after its
 * confirmation dialog.
 */
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";

import { expect, test } from "./fixtures";
import { AdminToursPage } from "./pages/admin-tours-page";
import { signInAsAdmin } from "./pages/admin-shell";
import { E2E_STAFF } from "./support/staff";

const jpeg = (r: number) =>
  sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r, g: 120, b: 80 } } })
    .jpeg()
    .toBuffer();

test.use({ ownAddress: true });

test("an admin adds, edits, hides, illustrates and deletes a tour", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const title = `Sipi Falls Coffee Trail ${project}`;
  const slug = `sipi-falls-coffee-trail-${project}`;
  const admin = new AdminToursPage(page);
  await signInAsAdmin(page, undefined, "/admin/tours");
  await expect(page.getByRole("heading", { level: 1, name: "Tours Management" })).toBeVisible();

  // Add: the slug follows the title; a thumbnail is required.
  await admin.addButton.click();
  await admin.field("Title").fill(title);
  await expect(admin.field("Slug")).toHaveValue(slug);
  await admin.field("Duration (days)").fill("3");
  await admin.field("Location").fill("Kapchorwa");
  await admin.field("Package name").fill("Standard");
  await admin.field("Price (USD)").fill("450");
  await admin.save("Create Tour");
  await expect(admin.dialog.getByText("Thumbnail image is required")).toBeVisible();
  await admin.field("Thumbnail").setInputFiles({
    name: "sipi.jpg",
    mimeType: "image/jpeg",
    buffer: await jpeg(60),
  });
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
    [],
  );
  await admin.save("Create Tour");
  await admin.toasts.expectToast("Tour created", `${title} has been successfully added.`);
  await expect(admin.dialog).toBeHidden();
  await admin.searchFor(slug);
  await expect(admin.rowControl("button", `Delete ${title}`)).toBeVisible();
  // One row once the search's page has arrived (another tour costs $450 too).
  await expect(page.getByText("$450 per person").locator("visible=true")).toHaveCount(1);

  // On the public catalogue at once, with its uploaded thumbnail.
  await page.goto("/tours");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.goto(`/tour/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // Stored under the tour's id, never its slug (another tour may take the slug later).
  const thumbnailOfThisTour = 'img[src*="/media/tours/"][src*="/thumbnail-"]';
  const uploaded = page.locator(thumbnailOfThisTour).first();
  await expect(uploaded).toBeVisible();
  const firstThumbnail = await uploaded.getAttribute("src");

  // Edit.
  await admin.goto(slug);
  await admin.rowControl("link", `Edit ${title}`).click();
  await expect(admin.field("Title")).toHaveValue(title);
  await admin.field("Title").fill(`${title} Deluxe`);
  await expect(admin.field("Slug")).toHaveValue(slug);
  // Replacing the thumbnail is optional on edit; here a new photo.
  await admin.dialog.getByRole("button", { name: "Thumbnail Image" }).click();
  await admin.field("Thumbnail").setInputFiles({
    name: "sipi-2.jpg",
    mimeType: "image/jpeg",
    buffer: await jpeg(140),
  });
  await admin.save("Save Changes");
  await admin.toasts.expectToast("Tour updated");
  const edited = `${title} Deluxe`;
  await expect(admin.rowControl("button", `Delete ${edited}`)).toBeVisible();
  await page.goto(`/tour/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: edited })).toBeVisible();
  const replaced = page.locator(thumbnailOfThisTour).first();
  await expect(replaced).toBeVisible();
  expect(await replaced.getAttribute("src")).not.toBe(firstThumbnail);
  await admin.goto(slug);

  // Hide: its page says 'Tour Not Found'; activate again.
  await admin.rowControl("switch", `Visible on the website: ${edited}`).click();
  await admin.toasts.expectToast("Tour hidden", `${edited} is now hidden from the website.`);
  await page.goto(`/tour/${slug}`);
  await expect(page.getByText("Tour Not Found").first()).toBeVisible();
  await admin.goto(slug);
  await admin.rowControl("switch", `Visible on the website: ${edited}`).click();
  await admin.toasts.expectToast("Tour activated", `${edited} is now visible on the website.`);

  // Manage Media: a real JPEG, then delete it.
  await admin.rowControl("link", `Media of ${edited}`).click();
  const panel = page.getByRole("dialog", { name: "Manage Media" });
  await expect(panel.getByText("No media uploaded yet")).toBeVisible();
  await panel.locator('input[type="file"]').setInputFiles({
    name: "falls.jpg",
    mimeType: "image/jpeg",
    buffer: await jpeg(90),
  });
  await admin.toasts.expectToast("Images uploaded", "1 image(s) added successfully.");
  await expect(panel.getByRole("img", { name: "Gallery image 1" })).toBeVisible();
  await panel.getByRole("button", { name: "Delete gallery image 1" }).click();
  const confirmImage = page.getByRole("dialog", { name: "Delete image?" });
  await expect(confirmImage).toContainText(
    "Are you sure you want to delete this image? This action cannot be undone.",
  );
  await confirmImage.getByRole("button", { name: "Delete Image" }).click();
  await admin.toasts.expectToast("Image deleted", "The image has been removed successfully.");
  await expect(panel.getByText("No media uploaded yet")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  // Delete, after the confirmation dialog.
  await admin.rowControl("button", `Delete ${edited}`).click();
  const confirm = page.getByRole("dialog", { name: `Delete ${edited}?` });
  await expect(confirm).toContainText(
    "Are you sure you want to delete the tour? This action cannot be undone. All images and data will be permanently removed.",
  );
  await confirm.getByRole("button", { name: "Delete Tour" }).click();
  await admin.toasts.expectToast("Tour deleted", `${edited} has been permanently removed.`);
  await expect(page.getByText("No tours found")).toBeVisible();
  await page.goto(`/tour/${slug}`);
  await expect(page.getByText("Tour Not Found").first()).toBeVisible();
});

test("staff see no Delete and cannot reach one", async ({ page }) => {
  await signInAsAdmin(page, E2E_STAFF.staff, "/admin/tours");
  const admin = new AdminToursPage(page);
  await expect(page.getByRole("heading", { level: 1, name: "Tours Management" })).toBeVisible();
  await expect(admin.rowControl("link", "Edit Gorilla Trek & Safari Escape")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Delete / })).toHaveCount(0);
});
