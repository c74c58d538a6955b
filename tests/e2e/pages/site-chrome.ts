import { expect, type Locator } from "@playwright/test";
import { PageObject } from "./page-object";

/** The shared public chrome: top strip, sticky navigation (desktop bar or mobile menu), footer. */
export class SiteChrome extends PageObject {
  readonly header = this.page.locator("header").first();
  readonly mainNav = this.page.getByRole("navigation", { name: "Main", exact: true });
  readonly mobileNav = this.page.getByRole("navigation", { name: "Mobile", exact: true });
  readonly menuToggle = this.page.getByRole("button", { name: "Toggle menu" });
  readonly footer = this.page.getByRole("contentinfo");
  readonly main = this.page.getByRole("main");
  /** Tour cards in the main content: articles that link to a tour page. */
  readonly tourCards = this.main
    .getByRole("article")
    .filter({ has: this.page.locator('a[href^="/tour/"]') });

  /** Distinct /tour/<slug> hrefs of the tour cards, in page order. */
  async tourCardHrefs(): Promise<string[]> {
    const hrefs = await this.tourCards
      .locator('a[href^="/tour/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    return [...new Set(hrefs)];
  }

  async goto(path: string) {
    const response = await this.page.goto(path);
    return response;
  }

  /** Whether the page is laid out for a phone (the toggle menu instead of the link bar). */
  async isCollapsed(): Promise<boolean> {
    return this.menuToggle.isVisible();
  }

  async openMenu() {
    if (await this.mobileNav.isVisible()) return;
    await this.menuToggle.click();
    await expect(this.mobileNav).toBeVisible();
  }

  /** A navigation link as the visitor reaches it: in the bar, or in the opened mobile menu. */
  async navLink(name: string): Promise<Locator> {
    if (await this.isCollapsed()) {
      await this.openMenu();
      return this.mobileNav.getByRole("link", { name, exact: true });
    }
    return this.mainNav.getByRole("link", { name, exact: true });
  }

  /**
   * Texts of the visible phone and email links above the sticky header: the top strip.
   * Empty when there is no visible strip.
   */
  async topStripContacts(): Promise<string[]> {
    await this.page.evaluate(() => window.scrollTo(0, 0));
    return this.page.evaluate(() => {
      const header = document.querySelector("header");
      if (!header) return [];
      const top = header.getBoundingClientRect().top;
      return [
        ...document.querySelectorAll<HTMLAnchorElement>('a[href^="tel:"], a[href^="mailto:"]'),
      ]
        .filter((a) => {
          const r = a.getBoundingClientRect();
          const style = getComputedStyle(a);
          return (
            r.width > 0 && r.height > 0 && r.bottom <= top + 1 && style.visibility !== "hidden"
          );
        })
        .map((a) => (a.textContent ?? "").trim());
    });
  }

  footerLink(name: string): Locator {
    return this.footer.getByRole("link", { name, exact: true });
  }

  /** Records (and dismisses) every alert/confirm/prompt the page opens: expect it to stay empty. */
  trackDialogs(): string[] {
    const seen: string[] = [];
    this.page.on("dialog", (dialog) => {
      seen.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    return seen;
  }

  /** Whether the document is wider than the viewport (horizontal scrolling). */
  /** The page's width against the window's, and the outermost elements that stick out (to say which). */
  async horizontalOverflow(): Promise<{
    scrollWidth: number;
    innerWidth: number;
    offenders: string[];
  }> {
    return this.page.evaluate(() => {
      const describe = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 4).join(".")} (right ${Math.round(el.getBoundingClientRect().right)})`;
      const out = [...document.body.querySelectorAll("*")].filter(
        (el) =>
          el.getBoundingClientRect().right > window.innerWidth + 0.5 &&
          !(
            el.parentElement &&
            el.parentElement.getBoundingClientRect().right > window.innerWidth + 0.5
          ),
      );
      return {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        offenders: out.slice(0, 3).map(describe),
      };
    });
  }
}
