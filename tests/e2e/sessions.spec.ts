/**
 * Sessions in Chromium (docs/decisions/0012): Change Password and Sign Out of All
 * Devices on the profile page with their toasts, and a session cookie copied into a second browser
 * that stops working once the first signs out.
 */
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";

import { expect, test } from "./fixtures";
import { AccountSecurity } from "./pages/account-security";
import { CustomerArea } from "./pages/customer-area";
import { CustomerAuthPage } from "./pages/customer-auth-page";
import { Mailbox } from "./pages/mailbox";
import { ownAddress, uniqueEmail } from "./support/visitor";

const PASSWORD = "ssese islands by ferry";
const NEW_PASSWORD = "lake mburo zebra crossing";

/** A verified customer, signed in on `page` (signed up, then the mailed link opened). */
async function newCustomer(page: Page, testInfo: TestInfo, tag: string) {
  const email = uniqueEmail(testInfo, tag);
  const auth = new CustomerAuthPage(page);
  await auth.goto();
  await auth.signUp({ fullName: "Mukasa Daniel", email, password: PASSWORD });
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  const mail = await new Mailbox(page.request).latest(
    email,
    "Verify your email for Breathe Uganda",
  );
  await page.goto(Mailbox.linkTo(mail, "/api/auth/verify"));
  await expect(page).toHaveURL(/\/customer$/);
  return email;
}

/** A second browser of a returning visitor (cookie choice made, as the fixtures' page). */
async function newBrowser(browser: Browser) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    window.localStorage.setItem(
      "cookieConsent",
      JSON.stringify({ functional: true, personalization: false }),
    );
  });
  return context;
}

/** Another browser (its own context), signed in with `email` and `password`. */
async function signedInElsewhere(browser: Browser, email: string, password = PASSWORD) {
  const context = await newBrowser(browser);
  const page = await context.newPage();
  await ownAddress(page);
  const auth = new CustomerAuthPage(page);
  await auth.goto();
  await auth.signIn(email, password);
  await expect(page).toHaveURL(/\/customer$/);
  return { context, page };
}

/** A second browser holding a copy of `from`'s cookies (a stolen session cookie). */
async function withCopiedCookies(browser: Browser, from: BrowserContext) {
  const context = await newBrowser(browser);
  await context.addCookies(await from.cookies());
  const page = await context.newPage();
  await ownAddress(page);
  return { context, page };
}

/**
 * Whether `page` reaches the profile signed in, or is sent to sign in and back to the profile
 * after (with no cookie the proxy sends it; with a cookie whose session ended, the DAL's guard).
 */
async function expectSignedIn(page: Page, signedIn: boolean) {
  await page.goto("/customer/profile");
  if (signedIn) await expect(page.getByRole("heading", { name: "Profile Settings" })).toBeVisible();
  else await expect(page).toHaveURL(/\/customer\/auth\?callbackUrl=%2Fcustomer%2Fprofile$/);
}

/**
 * A new customer signed in on `page` and in a second browser, with `page` on the account security
 * screen: where each test of what one device's action does to the other sessions starts.
 */
async function onSecurityWithSecondBrowser(
  page: Page,
  browser: Browser,
  testInfo: TestInfo,
  tag: string,
) {
  const email = await newCustomer(page, testInfo, tag);
  const other = await signedInElsewhere(browser, email);
  const security = new AccountSecurity(page);
  await security.goto();
  return { email, other, security };
}

test.use({ ownAddress: true });

test("a copied session cookie stops working once its browser signs out", async ({
  page,
  browser,
  mobile,
}, testInfo) => {
  await newCustomer(page, testInfo, "copied");
  const copy = await withCopiedCookies(browser, page.context());
  await expectSignedIn(copy.page, true);

  await new CustomerArea(page, mobile).signOut();
  await expectSignedIn(page, false);
  await expectSignedIn(copy.page, false);
  await expect(copy.page.getByRole("tab", { name: "Sign In" })).toBeVisible();
  await copy.context.close();
});

test("Change Password: a wrong current password is refused on its field; then the other devices are signed out and this one stays", async ({
  page,
  browser,
  toasts,
}, testInfo) => {
  test.setTimeout(120_000);
  const {
    email,
    other: laptop,
    security,
  } = await onSecurityWithSecondBrowser(page, browser, testInfo, "change-password");

  await security.changePassword("not my password", NEW_PASSWORD);
  await expect(security.form.getByText("Your current password is incorrect.")).toBeVisible();
  await expect(security.field("Current Password")).toBeFocused();
  await expect(security.field("New Password")).toHaveValue(NEW_PASSWORD);

  await security.changePassword(PASSWORD, NEW_PASSWORD);
  await toasts.expectToast(
    "Password Changed",
    "Your password has been changed. You have been signed out on your other devices.",
  );
  await expect(security.field("Current Password")).toHaveValue("");

  await expectSignedIn(page, true);
  await expectSignedIn(laptop.page, false);
  await laptop.context.close();

  // The new password is the one that signs in now.
  const next = await signedInElsewhere(browser, email, NEW_PASSWORD);
  await expectSignedIn(next.page, true);
  await next.context.close();
});

test("Sign Out of All Devices ends every session, this one included", async ({
  page,
  browser,
  toasts,
}, testInfo) => {
  test.setTimeout(120_000);
  const { other: phone, security } = await onSecurityWithSecondBrowser(
    page,
    browser,
    testInfo,
    "everywhere",
  );

  await security.signOutAllButton.click();
  await toasts.expectToast(
    "Signed Out Everywhere",
    "You have been signed out on all your devices, this one included.",
  );
  await expect(page).toHaveURL(/\/customer\/auth$/);
  await expectSignedIn(page, false);
  await expectSignedIn(phone.page, false);
  await phone.context.close();
});
