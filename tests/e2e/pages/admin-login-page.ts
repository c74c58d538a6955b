import { expect } from "@playwright/test";

import { PageObject } from "./page-object";
import { Toasts } from "./toasts";

/** /admin/login: email and password, then the code when the account has a second factor. */
export class AdminLoginPage extends PageObject {
  readonly toasts = new Toasts(this.page);
  readonly email = this.page.getByLabel("Email", { exact: true });
  readonly password = this.page.getByLabel("Password", { exact: true });
  readonly code = this.page.getByLabel("Verification code");
  readonly signInButton = this.page.getByRole("button", { name: "Sign In", exact: true });
  readonly verifyButton = this.page.getByRole("button", { name: "Verify and Sign In" });

  async goto(query = "") {
    await this.page.goto(`/admin/login${query}`);
    await expect(this.signInButton).toBeVisible();
  }

  async signIn(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.signInButton.click();
  }

  async enterCode(code: string) {
    await this.code.fill(code);
    await this.verifyButton.click();
  }
}
