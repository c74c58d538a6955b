import { expect, type Locator, type Page } from "@playwright/test";

import { DEMO_ACCOUNTS } from "@/db/seed";

import { type Account, openSignedIn } from "../support/kept-sessions";

import { Mailbox } from "./mailbox";
import { Toasts } from "./toasts";
import { PageObject } from "./page-object";

/** The subject of the verification mail (the mailbox finds a mail by its address and subject). */
export const VERIFY_SUBJECT = "Verify your email for Breathe Uganda";

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

/**
 * Opens `path` (the dashboard by default) signed in as a customer (the demo customer by default):
 * through /customer/auth, or with the session this worker already has for the account.
 */
export async function signInAsCustomer(
  page: Page,
  account: Account = DEMO_ACCOUNTS.customer,
  path = "/customer",
) {
  const query = `?callbackUrl=${encodeURIComponent(path)}`;
  await openSignedIn(page, account, path, new CustomerAuthPage(page), query);
}

/**
 * A new customer: signs up, opens the verification link of the mail, and returns signed in on
 * /customer.
 */
export async function registerAndVerify(
  page: Page,
  account: { fullName: string; email: string; password: string },
) {
  const auth = new CustomerAuthPage(page);
  await auth.goto();
  await auth.signUp({ ...account, phone: "+256 772 555 010" });
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  const mail = await new Mailbox(page.request).latest(account.email, VERIFY_SUBJECT);
  await page.goto(Mailbox.linkTo(mail, "/api/auth/verify"));
  await expect(page).toHaveURL(/\/customer$/);
}
