import { expect, type Locator, type Page } from "@playwright/test";

import { Toasts } from "./toasts";

/** Every screen of the customer area. */
export const CUSTOMER_SCREENS = [
  "/customer",
  "/customer/bookings",
  "/customer/new-booking",
  "/customer/messages",
  "/customer/profile",
  "/customer/preferences",
] as const;

/** The customer area's chrome (header, greeting, sidebar or mobile menu) and its screens. */
export class CustomerArea {
  readonly toasts: Toasts;
  readonly header: Locator;
  readonly main: Locator;
  readonly menuButton: Locator;
  readonly sidebar: Locator;

  constructor(
    readonly page: Page,
    readonly mobile: boolean,
  ) {
    this.toasts = new Toasts(page);
    this.header = page.locator("header").first();
    this.main = page.locator("main#main-content");
    this.menuButton = page.getByRole("button", { name: "Open account menu" });
    this.sidebar = page.getByRole("complementary", { name: "Account" });
  }

  heading(name: string | RegExp): Locator {
    return this.main.getByRole("heading", { level: 1, name });
  }

  /** Where the header buttons live: the header on desktop, the opened drawer on a phone. */
  async actions(): Promise<Locator> {
    if (!this.mobile) return this.header;
    // The drawer by its name: another dialog (a thread just closed with Escape) may still be
    // on its way out, and must not be taken for the menu.
    const drawer = this.page.getByRole("dialog", { name: "Account menu" });
    if (!(await drawer.isVisible())) await this.menuButton.click();
    await expect(drawer).toBeVisible();
    return drawer;
  }

  /** The section links: the sidebar on desktop, the drawer on a phone. */
  async nav(): Promise<Locator> {
    const container = this.mobile ? await this.actions() : this.sidebar;
    return container.getByRole("navigation", { name: "Customer account" });
  }

  async open(section: string, path: string) {
    await (await this.nav()).getByRole("link", { name: new RegExp(`^${section}`) }).click();
    await expect(this.page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}(\\?.*)?$`));
  }

  async signOut() {
    await (await this.actions()).getByRole("button", { name: "Sign Out" }).click();
    await this.toasts.expectToast("Signed Out");
    await expect(this.page).toHaveURL(/\/$/);
  }

  /** A stat card's figure by its label. */
  stat(label: string): Locator {
    return this.main
      .getByRole("group", { name: label, exact: true })
      .locator('[data-slot="stat-value"]');
  }
}
