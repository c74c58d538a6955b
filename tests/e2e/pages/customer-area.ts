import { expect, type Locator, type Page } from "@playwright/test";

import { choosePrivateTrip } from "./private-trip";
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

  /** My Bookings' cards (/customer/bookings), newest first. */
  bookingCards(): Locator {
    return this.main.getByRole("list", { name: "Bookings" }).getByRole("listitem");
  }

  /**
   * Book New Trip (/customer/new-booking) with the name and phone the account already has: a
   * private trip on `departureDate` ('yyyy-MM-dd') when the tour also sells dated departures.
   * Ends on My Bookings.
   */
  async bookTrip(trip: {
    tour: RegExp;
    departureDate: string;
    groupSize: string;
    accommodation: string;
  }) {
    await this.page.goto("/customer/new-booking");
    const next = this.main.getByRole("button", { name: "Next", exact: true });
    await expect(this.main.getByRole("heading", { name: "Personal Information" })).toBeVisible();
    await next.click();
    await expect(this.main.getByRole("heading", { name: "Trip Details" })).toBeVisible();
    await this.choose("Tour Package", trip.tour);
    const date = this.main.getByLabel("Preferred Departure Date");
    const privateTrip = this.main.getByRole("radio", { name: /^Another date \(private trip\)/ });
    await expect(date.or(privateTrip).first()).toBeVisible();
    await choosePrivateTrip(privateTrip);
    await date.fill(trip.departureDate);
    await this.choose("Group Size", trip.groupSize);
    await this.choose("Accommodation Preference", trip.accommodation);
    await next.click();
    await expect(this.main.getByRole("heading", { name: "Additional Information" })).toBeVisible();
    await this.main
      .getByRole("checkbox", { name: /I accept the terms and conditions and privacy policy/ })
      .click();
    await this.main.getByRole("button", { name: "Submit Booking" }).click();
    // The request's confirmation page (in the site's own layout: a full page load, whose page
    // shows the form's toast again), which leads to it in My Bookings.
    await expect(this.page).toHaveURL(/\/booking\/requested\//);
    await expect(
      this.page.getByRole("heading", { level: 1, name: "Booking Request Submitted!" }),
    ).toBeVisible();
    await this.toasts.expectToast("Booking Submitted!");
    await this.page.getByRole("link", { name: "See it in My Bookings" }).click();
    await expect(this.page).toHaveURL(/\/customer\/bookings$/);
  }

  /** Picks an option of one of the area's select menus and waits for the menu to close. */
  private async choose(label: string, option: string | RegExp) {
    await this.main.getByLabel(label, { exact: true }).click();
    await this.page
      .getByRole(
        "option",
        typeof option === "string" ? { name: option, exact: true } : { name: option },
      )
      .click();
    await expect(this.page.getByRole("listbox")).toBeHidden();
  }

  /** A stat card's figure by its label. */
  stat(label: string): Locator {
    return this.main
      .getByRole("group", { name: label, exact: true })
      .locator('[data-slot="stat-value"]');
  }
}
