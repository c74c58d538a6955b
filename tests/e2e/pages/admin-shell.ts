import { type Cookie, expect, type Page } from "@playwright/test";

import { DEMO_ACCOUNTS } from "@/db/seed";

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

  /** The section links where they are visible: the rail, or the drawer (opened first). */
  async nav(mobile: boolean) {
    if (!mobile) return this.rail.getByRole("navigation", { name: "Admin sections" });
    if (!(await this.drawer.isVisible())) await this.menuButton.click();
    await expect(this.drawer).toBeVisible();
    return this.drawer.getByRole("navigation", { name: "Admin sections" });
  }

  async goTo(section: string, mobile: boolean) {
    await (await this.nav(mobile)).getByRole("link", { name: section }).click();
  }
}

/**
 * The session cookies of the staff accounts this worker has signed in, by email. Signing in is
 * tested where it is the subject (admin.spec.ts, sessions.spec.ts); elsewhere a test that only
 * needs to be signed in takes the cookies of its worker's earlier sign-in, as a returning browser
 * would, and signs in through the form when there are none or they no longer work (a test signed
 * that session out).
 */
const signedIn = new Map<string, Cookie[]>();

/** Signs in at /admin/login (the demo admin by default) and waits for the page at `path`. */
export async function signInAsAdmin(
  page: Page,
  account: { email: string; password: string } = DEMO_ACCOUNTS.admin,
  path = "/admin",
) {
  const landed = new RegExp(`${path.replace(/[/?]/g, "\\$&")}$`);
  const kept = signedIn.get(account.email);
  if (kept) {
    await page.context().addCookies(kept);
    await page.goto(path);
    if (landed.test(page.url())) return new AdminShell(page);
    signedIn.delete(account.email);
    await page.context().clearCookies();
  }
  const login = new AdminLoginPage(page);
  await login.goto(path === "/admin" ? "" : `?callbackUrl=${encodeURIComponent(path)}`);
  await login.signIn(account.email, account.password);
  await expect(page).toHaveURL(landed);
  signedIn.set(account.email, await page.context().cookies());
  return new AdminShell(page);
}
