/**
 * The Lodges screen of the library in Chromium, as a member of staff, on a phone and on a
 * desktop: a lodge card shows the seed artwork until a picture is uploaded, then the upload as a
 * thumbnail with its own srcset (and no accessibility violation); Remove, after its confirmation,
 * takes it away again. Each width
 * works on a lodge of its own, so the two runs never meet.
 */
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";

import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./pages/admin-shell";
import { E2E_STAFF } from "./support/staff";

const jpeg = () =>
  sharp({
    create: { width: 1600, height: 1000, channels: 3, background: { r: 60, g: 120, b: 80 } },
  })
    .jpeg()
    .toBuffer();

const LODGE_OF_PROJECT: Record<string, string> = {
  mobile: "Mihingo Lodge",
  desktop: "Kyaninga Lodge",
};

test("staff upload a picture of a lodge and remove it @layout", async ({ page }, testInfo) => {
  const lodge = LODGE_OF_PROJECT[testInfo.project.name] ?? "Kyaninga Lodge";
  const shell = await signInAsAdmin(
    page,
    E2E_STAFF.staff,
    `/admin/library/lodges?q=${encodeURIComponent(lodge)}`,
  );
  // The pointer leaves the desktop rail, which opens over the page while hovered (a kept session
  // opens the page without a click, with the pointer still at the corner).
  await page.mouse.move(900, 500);
  const card = page.getByRole("listitem").filter({
    has: page.getByRole("heading", { level: 2, name: lodge }),
  });
  const pictures = card.getByRole("list", { name: `Pictures of ${lodge}` });
  await expect(pictures).toBeVisible();
  // Counted first: a retried run finds what an interrupted one uploaded.
  const uploaded = pictures.getByRole("img", { name: new RegExp(`^Picture \\d+ of ${lodge}$`) });
  const before = await uploaded.count();

  await pictures.getByLabel(`Upload picture of ${lodge}`).setInputFiles({
    name: "terrace.jpg",
    mimeType: "image/jpeg",
    buffer: await jpeg(),
  });
  await shell.toasts.expectToast("Images uploaded", "1 image(s) added successfully.");
  await expect(uploaded).toHaveCount(before + 1);
  const thumbnail = pictures.getByRole("img", { name: `Picture ${before + 1} of ${lodge}` });
  await expect(thumbnail).toBeVisible();
  await expect(thumbnail).toHaveAttribute(
    "srcset",
    /\/media\/lodges\/[0-9a-f-]{36}\/media\/.+ 480w/,
  );
  // The thumbnail loads (the stored variant is served) and the card stays within the screen.
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // The thumbnails and their controls, as a screen reader meets them.
  const axe = await new AxeBuilder({ page }).include('[aria-label="Lodges"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
    [],
  );

  await card.getByRole("button", { name: `Remove picture ${before + 1} of ${lodge}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete image?" });
  await expect(confirm).toContainText(
    "Are you sure you want to delete this image? This action cannot be undone.",
  );
  await confirm.getByRole("button", { name: "Delete Image" }).click();
  await shell.toasts.expectToast("Image deleted", "The image has been removed successfully.");
  await expect(uploaded).toHaveCount(before);
});
