import { expect, type Locator, type Page } from "@playwright/test";

import { Toasts } from "./toasts";

/** /customer/auth: the Sign In and Sign Up tabs, 'Forgot password?'. */
export class CustomerAuthPage {
  readonly toasts: Toasts;
  readonly signInTab: Locator;
  readonly signUpTab: Locator;
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.toasts = new Toasts(page);
    this.signInTab = page.getByRole("tab", { name: "Sign In" });
    this.signUpTab = page.getByRole("tab", { name: "Sign Up" });
    this.panel = page.getByRole("tabpanel");
  }

  async goto(query = "") {
    await this.page.goto(`/customer/auth${query}`);
    await expect(this.signInTab).toBeVisible();
  }

  field(label: string): Locator {
    return this.panel.getByLabel(label, { exact: true });
  }

  async signUp(account: { fullName: string; email: string; password: string; phone?: string }) {
    await this.signUpTab.click();
    await this.field("Full Name").fill(account.fullName);
    await this.field("Email").fill(account.email);
    if (account.phone) await this.field("Phone Number").fill(account.phone);
    await this.field("Password").fill(account.password);
    await this.panel.getByRole("button", { name: "Create Account" }).click();
  }

  async signIn(email: string, password: string) {
    await this.signInTab.click();
    await this.field("Email").fill(email);
    await this.field("Password").fill(password);
    await this.panel.getByRole("button", { name: "Sign In", exact: true }).click();
  }

  async requestReset(email: string) {
    await this.signInTab.click();
    await this.panel.getByRole("button", { name: "Forgot password?" }).click();
    await this.field("Email").fill(email);
    await this.panel.getByRole("button", { name: "Send Reset Link" }).click();
  }
}
