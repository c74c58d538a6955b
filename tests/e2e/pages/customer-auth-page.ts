import { expect, type Locator } from "@playwright/test";

import { Toasts } from "./toasts";
import { PageObject } from "./page-object";

/** /customer/auth: the Sign In and Sign Up tabs, 'Forgot password?'. */
export class CustomerAuthPage extends PageObject {
  readonly toasts = new Toasts(this.page);
  readonly signInTab = this.page.getByRole("tab", { name: "Sign In" });
  readonly signUpTab = this.page.getByRole("tab", { name: "Sign Up" });
  readonly panel = this.page.getByRole("tabpanel");

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
