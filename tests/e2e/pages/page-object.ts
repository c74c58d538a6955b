import type { Page } from "@playwright/test";

/**
 * The base of the page objects: it holds the page, so a subclass declares its locators as
 * fields (`readonly send = this.page.getByRole(...)`), each in one place, set once the base
 * has stored the page.
 */
export abstract class PageObject {
  constructor(readonly page: Page) {}
}
