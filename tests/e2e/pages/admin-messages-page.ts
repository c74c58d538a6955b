import { expect, type Locator } from "@playwright/test";

import { PageObject } from "./page-object";
import { Toasts } from "./toasts";

/** /admin/messages: the Contact Messages and Customer Messages tabs. */
export class AdminMessagesPage extends PageObject {
  readonly toasts = new Toasts(this.page);
  readonly main = this.page.locator("main");
  readonly search = this.page.getByRole("searchbox", { name: "Search contact messages" });

  async goto(query = "") {
    await this.page.goto(`/admin/messages${query}`);
    await expect(this.main.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  }

  /**
   * Searches the contact messages and waits for the list rendered for the search (its count line
   * names it): until then the rows on screen are the previous list's, which the new one replaces.
   */
  async searchFor(text: string) {
    await this.search.fill(text);
    await expect(this.page).toHaveURL(/[?&]q=/);
    await expect(this.main.getByRole("status").filter({ hasText: "match" })).toContainText(
      `“${text}”`,
    );
  }

  tab(name: "Contact Messages" | "Customer Messages"): Locator {
    return this.page
      .getByRole("navigation", { name: "Message types" })
      .getByRole("link", { name: new RegExp(`^${name}`) });
  }

  /** The visible row (table on desktop) or card (phone) of a contact message, by its subject. */
  contact(subject: string): Locator {
    return this.main
      .locator("tbody tr, ul[aria-label='Contact messages'] > li")
      .filter({ hasText: subject })
      .filter({ visible: true });
  }

  thread(subject: string): Locator {
    return this.main
      .getByRole("list", { name: "Customer conversations" })
      .getByRole("listitem")
      .filter({ hasText: subject });
  }
}

/** /admin/newsletter. */
export class AdminNewsletterPage extends PageObject {
  readonly toasts = new Toasts(this.page);
  readonly main = this.page.locator("main");
  readonly search = this.page.getByRole("searchbox", { name: "Search subscribers by email" });
  readonly exportButton = this.page.getByRole("button", { name: "Export CSV" });

  async goto(query = "") {
    await this.page.goto(`/admin/newsletter${query}`);
    await expect(
      this.main.getByRole("heading", { level: 1, name: "Newsletter Subscribers" }),
    ).toBeVisible();
  }

  filter(name: "All" | "Active" | "Inactive"): Locator {
    return this.page
      .getByRole("navigation", { name: "Filter subscribers" })
      .getByRole("link", { name: new RegExp(`^${name} \\(\\d+\\)$`) });
  }

  /** The visible row (table from 640 px) or card (phone) of a subscriber. */
  row(email: string): Locator {
    return this.main
      .locator("tbody tr, ul[aria-label='Subscribers'] > li")
      .filter({ hasText: email })
      .filter({ visible: true });
  }
}
