/**
 * /admin/payments in Chromium, as a member of staff (the `staff` role): the Payments link after
 * Bookings, the three summary cards with amounts, the demo's ledger rows (or, on a database
 * without payments yet, the empty state), and the status filter in the URL: every row shown then
 * has that status, or the filter's own empty state says none does; the Overdue card's link to the
 * bookings it counts. The demo's payments are seeded by the server's seed; this test reads
 * whatever is there, so it holds with or without them.
 */
import { expect, test } from "./fixtures";
import { AdminBookingsPage } from "./pages/admin-bookings-page";
import { AdminPaymentsPage } from "./pages/admin-payments-page";
import { signInAsAdmin } from "./pages/admin-shell";
import { testSignedOutSentToAdminLogin } from "./support/admin-guard";
import { E2E_STAFF } from "./support/staff";

const MONEY = /^-?\$\d[\d,]*\.\d{2}$/;

test.use({ ownAddress: true });

testSignedOutSentToAdminLogin("/admin/payments");

test.describe("admin payments", { tag: "@layout" }, () => {
  test("staff open Payments, read the summary and the ledger, and filter by status", async ({
    page,
    mobile,
  }) => {
    const shell = await signInAsAdmin(page, E2E_STAFF.staff);
    const nav = await shell.nav(mobile);
    const links = nav.getByRole("link");
    // The section links are drawn before they are read.
    await expect(nav.getByRole("link", { name: /^Payments/ })).toBeVisible();
    const names = (await links.allTextContents()).map((t) => t.trim());
    const bookings = names.findIndex((n) => n.startsWith("Bookings"));
    expect(bookings).toBeGreaterThanOrEqual(0);
    expect(names[bookings + 1]).toMatch(/^Payments/);
    await shell.goTo("Payments", mobile);

    const payments = new AdminPaymentsPage(page);
    await expect(payments.heading).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/payments$/);
    for (const label of ["Received this month", "Balances outstanding", "Overdue"])
      await expect(payments.figure(label)).toHaveText(MONEY);

    // The demo's rows, newest first; or, before any payment exists, the empty state.
    await expect(payments.count).toBeVisible();
    const rows = payments.rows(mobile);
    const total = Number((await payments.count.textContent())!.replace(/[^\d]/g, ""));
    if (total === 0) {
      await expect(payments.empty).toBeVisible();
      await expect(
        page.getByText("Payments appear here as customers pay online or staff record them."),
      ).toBeVisible();
    } else {
      await expect(rows.first()).toBeVisible();
      expect(await rows.count()).toBe(Math.min(total, 25));
      await payments.expectColumns(
        mobile,
        "Date | Booking | Kind | Method | Amount | Status | Reference",
      );
      const first = rows.first();
      await expect(first.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
      await expect(first.getByRole("link")).toHaveAttribute(
        "href",
        /^\/admin\/bookings\?edit=[0-9a-f-]{36}$/,
      );
      await expect(first.locator("[data-status]")).toHaveCount(1);
    }

    // Completed only: each row shown is completed, or the filter finds none.
    await payments.choose(payments.statusFilter, "Completed");
    await expect(page).toHaveURL(/[?&]status=completed(&|$)/);
    await expect(payments.count).toBeVisible();
    const completed = Number((await payments.count.textContent())!.replace(/[^\d]/g, ""));
    if (completed === 0) {
      await expect(payments.noMatches).toBeVisible();
    } else {
      await expect(rows.first()).toBeVisible();
      const statuses = await rows
        .locator("[data-status]")
        .evaluateAll((badges) => badges.map((b) => b.getAttribute("data-status")));
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set(["completed"]));
    }

    // A status nothing has on a day long ago: the filter's empty state, and back to every row.
    await payments.goto("?status=reversed&from=2001-01-01&to=2001-01-02");
    await expect(payments.noMatches).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin\/payments$/);
    await expect(payments.statusFilter).toContainText("All statuses");

    // The Overdue card leads to the bookings it counts, each marked overdue.
    const overdue = payments.summary.getByRole("group", { name: "Overdue" });
    const hint = (await overdue.getByText(/past the balance day$/).textContent())!;
    const late = hint.startsWith("No ") ? 0 : Number(hint.replace(/[^\d]/g, ""));
    await overdue.getByRole("link", { name: "View bookings" }).click();
    await expect(page).toHaveURL(/\/admin\/bookings\?balance=overdue$/);
    const list = new AdminBookingsPage(page);
    await expect(list.balanceFilter).toContainText("Overdue");
    await expect(list.total).toHaveText(`${late} total ${late === 1 ? "booking" : "bookings"}`);
    const lateRows = list.rows(mobile);
    if (late > 0) {
      await expect(lateRows.first()).toBeVisible();
      for (const row of await lateRows.all()) await expect(row).toContainText(/Overdue \d+ days?/);
    }
  });
});
