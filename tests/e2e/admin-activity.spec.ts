/**
 * The Activity screen (the audit trail) in Chromium: an admin's own sign-in, made here through
 * the login form, is found with the actor and action filters, its time in the row's <time>; the
 * staff role has no link to the screen, and its address answers Not Found.
 */
import { DEMO_ACCOUNTS } from "@/db/seed";

import { expect, test } from "./fixtures";
import { AdminActivityPage } from "./pages/admin-activity-page";
import { AdminLoginPage } from "./pages/admin-login-page";
import { AdminShell, signInAsAdmin } from "./pages/admin-shell";
import { E2E_STAFF } from "./support/staff";

test.use({ ownAddress: true });

test.describe("admin activity", { tag: "@layout" }, () => {
  test("an admin's sign-in is in Activity, found by actor and action", async ({ page, mobile }) => {
    // The browser's and the server's clocks are the machine's: a little slack for rounding.
    const started = Date.now() - 5_000;
    // A sign-in through the form (never a kept session): the event under test.
    const login = new AdminLoginPage(page);
    await login.goto();
    await login.signIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await login.toasts.expectToast("Login Successful", "Welcome to the admin dashboard");
    await expect(page).toHaveURL(/\/admin$/);

    const shell = new AdminShell(page);
    await shell.goTo("Activity", mobile);
    const activity = new AdminActivityPage(page);
    await expect(activity.heading).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/activity$/);
    await expect(activity.rows(mobile).first()).toBeVisible();

    await activity.actor.fill(DEMO_ACCOUNTS.admin.email.toUpperCase());
    await expect(page).toHaveURL(/\?actor=/);
    await activity.choose(activity.action, "Signed in");
    await expect(page).toHaveURL(/action=auth\.sign_in(&|$)/);

    // Other tests sign the demo admin in too: the newest is this one or a later one.
    const newest = activity.rows(mobile).first();
    await expect(newest).toContainText("Signed in");
    await expect(newest).toContainText(DEMO_ACCOUNTS.admin.email);
    await expect(newest).toContainText("Administrator");
    await expect(newest).toContainText("Success");
    const at = await newest.locator("time").first().getAttribute("datetime");
    expect(Date.parse(at!)).toBeGreaterThanOrEqual(started);
    for (const row of await activity.rows(mobile).all()) {
      await expect(row).toContainText("Signed in");
      await expect(row).toContainText(DEMO_ACCOUNTS.admin.email);
    }

    // An actor with no events: the empty state, and Clear filters leads back to the whole trail.
    await activity.choose(activity.action, "All sign-in and account events");
    await expect(page).toHaveURL(/action=auth\.(\*|%2A)(&|$)/);
    await activity.goto("?actor=nobody%40example.com");
    await expect(page.getByRole("heading", { name: "No activity found" })).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin\/activity$/);
    await expect(activity.rows(mobile).first()).toBeVisible();
  });

  test("the staff role has no Activity link, and the address answers Not Found", async ({
    page,
    mobile,
  }) => {
    const shell = await signInAsAdmin(page, E2E_STAFF.staff);
    const nav = await shell.nav(mobile);
    await expect(nav.getByRole("link", { name: "Guides" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Activity" })).toHaveCount(0);
    if (mobile) await page.keyboard.press("Escape");

    await page.goto("/admin/activity");
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toHaveCount(0);
    await expect(page.getByRole("table")).toHaveCount(0);
  });
});
