/**
 * What staff see first on a 1280 x 800 laptop and on a phone: the dashboard leads with requests
 * awaiting a reply (oldest first, with their age), this week's departures and the waitlists; the
 * Departures list shows more than five dates at once with a seats bar; the bookings table keeps
 * each row's Edit on screen; the day sheet never scrolls sideways on a phone and dials with a tap.
 */
import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./pages/admin-shell";

test.use({ ownAddress: true });

test("the dashboard leads with requests awaiting a reply, this week's departures and waitlists @layout", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const awaiting = page.getByRole("region", { name: /Awaiting a reply/ });
  await expect(awaiting).toBeVisible();
  const items = awaiting.getByRole("listitem");
  await expect(items.first()).toContainText(/Waiting \d+ (minute|hour|day)s?/);
  // Oldest first: the waits never grow down the list.
  const days = (await items.allTextContents()).map((text) => {
    const [, n, unit] = /Waiting (\d+) (minute|hour|day)/.exec(text) ?? [];
    return Number(n) * (unit === "day" ? 1440 : unit === "hour" ? 60 : 1);
  });
  expect(days).toEqual([...days].sort((a, b) => b - a));
  await expect(page.getByRole("region", { name: "This week's departures" })).toBeVisible();
  // The demo's full gorilla date has its waitlist.
  await expect(page.getByRole("region", { name: "Waitlists" })).toContainText(/parties? waiting/);
  // The first things come before the figures.
  const first = await awaiting.boundingBox();
  const figures = await page.getByText("Total Bookings").first().boundingBox();
  expect(first!.y).toBeLessThan(figures!.y);
});

test("on a laptop the Departures list shows more than five dates with their seats bar", async ({
  page,
}) => {
  await signInAsAdmin(page, undefined, "/admin/departures");
  const rows = page.getByRole("table", { name: /Departures/ }).locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByTestId("seats-bar")).toBeVisible();
  const height = page.viewportSize()!.height;
  let inView = 0;
  for (const box of await Promise.all((await rows.all()).map((r) => r.boundingBox())))
    if (box && box.y + box.height <= height) inView++;
  expect(inView).toBeGreaterThan(5);
});

test("on a laptop every row of the bookings table has its Edit on screen", async ({ page }) => {
  await signInAsAdmin(page, undefined, "/admin/bookings");
  const edit = page
    .getByRole("table")
    .locator("tbody tr")
    .first()
    .getByRole("link", { name: /^Edit/ });
  await expect(edit).toBeVisible();
  const box = await edit.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test("the day sheet fits a phone, with the company's emergency number and tap-to-call phones @layout", async ({
  page,
}) => {
  await signInAsAdmin(page, undefined, "/admin/departures");
  // The first date's manifest, opened by its address: the table and the phone cards both link it,
  // and which of them is on screen depends on the width.
  const manifest = await page.getByRole("link", { name: /\d{4}/ }).first().getAttribute("href");
  await page.goto(manifest!);
  await page.getByRole("link", { name: "Print day sheet" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Emergency (24 h):")).toBeVisible();
  await expect(page.getByRole("link", { name: "+256 700 123 456" })).toHaveAttribute(
    "href",
    "tel:+256700123456",
  );
  await expect(page.getByText(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d/).first()).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
});
