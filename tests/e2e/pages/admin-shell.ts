import { expect, type Page } from "@playwright/test";

import { DEMO_ACCOUNTS } from "@/db/seed";

import { type Account, openSignedIn } from "../support/kept-sessions";

import { AdminLoginPage } from "./admin-login-page";
import { PageObject } from "./page-object";
import { Toasts } from "./toasts";

/** The admin panel's chrome: sidebar rail (desktop) or drawer (phone), header buttons. */
export class AdminShell extends PageObject {
  readonly toasts = new Toasts(this.page);
  readonly rail = this.page.getByRole("complementary", { name: "Admin sidebar" });
  readonly menuButton = this.page.getByRole("button", { name: "Open menu" });
  readonly drawer = this.page.getByRole("dialog", { name: "Admin Panel" });
  readonly customerView = this.page.getByRole("link", { name: "Customer View" });
  readonly logout = this.page.getByRole("button", { name: "Logout" });
  readonly heading = this.page.getByRole("heading", { level: 1 });
  /** The dashboard's permit alerts ('Permits need attention'), shown while any stands. */
  readonly permitAlerts = this.page.getByRole("region", { name: "Permits need attention" });

  /** The section links where they are visible: the rail, or the drawer (opened first). */
  async nav(mobile: boolean) {
    if (!mobile) return this.rail.getByRole("navigation", { name: "Admin sections" });
    if (!(await this.drawer.isVisible())) await this.menuButton.click();
    await expect(this.drawer).toBeVisible();
    return this.drawer.getByRole("navigation", { name: "Admin sections" });
  }

  /** A figure of the dashboard (/admin) by its tile's name ('Received this month'). */
  figure(label: string) {
    return this.page
      .getByRole("group", { name: label, exact: true })
      .locator('[data-slot="stat-value"]');
  }

  /** A money figure of the dashboard, in dollars ('$19,558.00' is 19558). */
  async money(label: string): Promise<number> {
    await expect(this.figure(label)).toHaveText(/^-?\$[\d,]+\.\d{2}$/);
    return Number((await this.figure(label).textContent())!.replace(/[$,]/g, ""));
  }

  async goTo(section: string, mobile: boolean) {
    await (await this.nav(mobile)).getByRole("link", { name: section }).click();
    // A person's pointer leaves the rail once the page changes; the rail, open on hover, would
    // otherwise cover the left of the page.
    if (!mobile) await this.page.mouse.move(900, 500);
  }
}

/**
 * Opens `path` (the dashboard by default) signed in as a staff account (the demo admin by
 * default): through /admin/login, or with the session this worker already has for it.
 */
export async function signInAsAdmin(
  page: Page,
  account: Account = DEMO_ACCOUNTS.admin,
  path = "/admin",
) {
  const query = path === "/admin" ? "" : `?callbackUrl=${encodeURIComponent(path)}`;
  await openSignedIn(page, account, path, new AdminLoginPage(page), query);
  return new AdminShell(page);
}
