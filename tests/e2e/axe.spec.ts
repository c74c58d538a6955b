/**
 * Accessibility: axe-core (WCAG 2.0-2.2 A and AA rules) finds no violation on any public,
 * customer or admin screen, at 390 and 1280 px. The routes are listed by area; an area's
 * screens are checked signed in as its demo account.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { DEMO_ACCOUNTS } from "@/db/seed";

import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./pages/admin-shell";
import { CUSTOMER_SCREENS } from "./pages/customer-area";
import { signInAsCustomer } from "./pages/customer-auth-page";
import { expectNoAxeViolations } from "./support/axe";

const PUBLIC_ROUTES = [
  "/",
  "/tours",
  "/tours?category=Wildlife&q=gorilla",
  "/tour/gorilla-safari",
  "/tour/no-such-tour",
  "/about",
  "/contact",
  "/booking",
  // /privacy and /terms are this page opened at another of its sections.
  "/legal",
  "/no-such-page",
  "/customer/auth",
  "/customer/auth?tab=signup",
  "/customer/reset-password?token=invalid",
  "/admin/login",
];

/** The admin screens (add each new one here). */
const ADMIN_ROUTES = [
  "/admin",
  "/admin/bookings",
  "/admin/payments",
  "/admin/messages",
  "/admin/messages?tab=customers",
  "/admin/newsletter",
  "/admin/tours",
  "/admin/guides",
  "/admin/departures",
  "/admin/permits",
  "/admin/tariffs",
  "/admin/resellers",
  "/admin/proposals",
  "/admin/proposals/new",
  "/admin/library/lodges",
  "/admin/library/activities",
  "/admin/library/vehicles",
  "/admin/activity",
  "/admin/account",
];

async function expectNoViolations(page: Page, route: string) {
  // The load event: the page's scripts have run. Not "network idle": link prefetches can keep a
  // request open for many seconds after the page is complete, and axe reads the DOM.
  await page.goto(route, { waitUntil: "load" });
  await expectNoAxeViolations(page, route);
}

test.use({ ownAddress: true });

test.describe("axe", { tag: "@layout" }, () => {
  test.describe.configure({ timeout: 180_000 });

  test("public routes", async ({ page }) => {
    for (const route of PUBLIC_ROUTES) await expectNoViolations(page, route);
  });

  test("customer routes", async ({ page }) => {
    await signInAsCustomer(page);
    for (const route of CUSTOMER_SCREENS) await expectNoViolations(page, route);
  });

  test("admin routes", async ({ page }) => {
    await signInAsAdmin(page);
    for (const route of ADMIN_ROUTES) await expectNoViolations(page, route);
    // A departure's manifest and its day sheet (the demo's first listed departure).
    await page.goto("/admin/departures");
    const manifest = await page
      .locator('a[href^="/admin/departures/"]')
      .first()
      .getAttribute("href");
    expect(manifest).toMatch(/^\/admin\/departures\/[0-9a-f-]{36}$/);
    await expectNoViolations(page, manifest!);
    await expectNoViolations(page, `${manifest}/day-sheet`);
    // A tailor-made proposal's builder (the demo's sent one).
    await page.goto("/admin/proposals?q=TM-QE7PRM");
    const builder = await page
      .locator('a[href^="/admin/proposals/"]', { hasText: "TM-QE7PRM" })
      .first()
      .getAttribute("href");
    expect(builder).toMatch(/^\/admin\/proposals\/[0-9a-f-]{36}$/);
    await expectNoViolations(page, builder!);
  });

  test("admin dialogs and drawer", async ({ page, mobile }) => {
    await signInAsAdmin(page, DEMO_ACCOUNTS.admin, "/admin/guides");
    await page.getByRole("button", { name: "Add Guide" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    const dialog = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(dialog.violations.map((v) => v.id)).toEqual([]);
    await page.keyboard.press("Escape");
    if (mobile) {
      await page.getByRole("button", { name: "Open menu" }).click();
      const drawer = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
      expect(drawer.violations.map((v) => v.id)).toEqual([]);
    }
  });
});
