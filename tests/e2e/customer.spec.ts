/**
 * Customer accounts in Chromium: sign-up, the verification mail (sent through
 * the Resend SDK to the capture server, read back over HTTP), sign-in, every customer screen with
 * its texts and empty states, the Book New Trip guard rails, a message round trip, profile edit
 * and cancel, preferences with the newsletter sync, sign-out; an unverified sign-in refused; the
 * password reset; the demo customer's bookings.
 *
 * The mails come from the capture server started by the global setup (playwright.config.ts). Each
 * test uses its own email addresses and X-Forwarded-For address, so the rate limits never mix tests.
 */
import { DEMO_ACCOUNTS } from "@/db/seed";

import { expect, test } from "./fixtures";
import { CUSTOMER_SCREENS, CustomerArea } from "./pages/customer-area";
import { CustomerAuthPage, registerAndVerify, VERIFY_SUBJECT } from "./pages/customer-auth-page";
import { Mailbox } from "./pages/mailbox";
import { asFreshVisitor, uniqueEmail } from "./support/visitor";

const PASSWORD = "rwenzori mountains of the moon";

/** The subjects of the account mails (the mailbox finds a mail by its address and subject). */
const SUBJECT = {
  verify: VERIFY_SUBJECT,
  reset: "Reset your Breathe Uganda password",
} as const;

test.use({ ownAddress: true });

test.describe("guards", () => {
  test("signed-out visitors are sent to sign in", async ({ page }) => {
    for (const path of CUSTOMER_SCREENS) {
      await page.goto(path);
      await expect(page).toHaveURL(
        new RegExp(`/customer/auth\\?callbackUrl=${encodeURIComponent(path)}$`),
      );
      await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
    }
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login\?callbackUrl=%2Fadmin$/);
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  });

  test("the sign-in page has both tabs, their fields and Back to Home", async ({ page }) => {
    const auth = new CustomerAuthPage(page);
    await auth.goto();
    await expect(auth.field("Email")).toBeVisible();
    await expect(auth.field("Password")).toBeVisible();
    await auth.signUpTab.click();
    for (const label of ["Full Name", "Email", "Phone Number", "Password"])
      await expect(auth.field(label)).toBeVisible();
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test("a new customer registers, verifies, books, messages support and manages the account", async ({
  page,
  mobile,
  toasts,
}, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail(testInfo, "journey");
  const name = "Nakato Achieng";
  const area = new CustomerArea(page, mobile);

  // Sign up, and a sign-in before verifying is refused.
  const auth = new CustomerAuthPage(page);
  await auth.goto();
  await auth.signUp({ fullName: name, email, password: PASSWORD, phone: "+256 772 555 010" });
  await toasts.expectToast("Account Created", "Please check your email to verify your account");
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  // The verification link lands on the dashboard, signed in.
  const mail = await new Mailbox(page.request).latest(email, SUBJECT.verify);
  await page.goto(Mailbox.linkTo(mail, "/api/auth/verify"));
  await toasts.expectToast(
    "Email Verified",
    "Welcome to Breathe Uganda! Your email is verified and you are signed in.",
  );
  await expect(page).toHaveURL(/\/customer$/);

  // Layout and dashboard with its empty state; a brand-new account is welcomed, not 'back'.
  await expect(area.header.getByText(`Welcome, ${name}`, { exact: true })).toBeVisible();
  await expect(area.heading(`Welcome, ${name}!`)).toBeVisible();
  if (!mobile) {
    await expect(area.sidebar.getByText(email)).toBeVisible();
    await expect(area.sidebar.getByText("Customer Account")).toBeVisible();
    for (const button of ["Browse Tours", "New Trip"])
      await expect(area.header.getByRole("link", { name: button })).toBeVisible();
    await expect(area.header.getByRole("link", { name: "Browse Tours" })).toHaveAttribute(
      "href",
      "/",
    );
    await expect(area.header.getByRole("link", { name: "New Trip" })).toHaveAttribute(
      "href",
      "/booking",
    );
    await expect(area.header.getByRole("button", { name: "Sign Out" })).toBeVisible();
  }
  await expect(area.header.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await expect(area.stat("Upcoming Trips")).toHaveText("0");
  await expect(area.stat("Total Travelers")).toHaveText("0");
  await expect(area.stat("Next Departure")).toHaveText("-");
  await expect(area.main.getByText("No upcoming trips")).toBeVisible();
  await expect(area.main.getByRole("link", { name: "Explore Tours" })).toHaveAttribute(
    "href",
    "/tours",
  );
  await expect(area.main.getByRole("link", { name: /Manage Bookings/ })).toHaveAttribute(
    "href",
    "/customer/bookings",
  );
  await expect(area.main.getByRole("link", { name: /Support & Messages/ })).toHaveAttribute(
    "href",
    "/customer/messages",
  );

  // My Bookings, empty.
  await area.open("My Bookings", "/customer/bookings");
  await expect(area.heading("My Bookings")).toBeVisible();
  await expect(area.main.getByText("No bookings yet")).toBeVisible();

  // Book New Trip: the guard rails, then a booking.
  await area.main.getByRole("link", { name: "Book New Trip" }).first().click();
  await expect(page).toHaveURL(/\/customer\/new-booking$/);
  await expect(area.main.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute(
    "href",
    "/customer",
  );
  const next = area.main.getByRole("button", { name: "Next", exact: true });
  const previous = area.main.getByRole("button", { name: "Previous", exact: true });
  await expect(area.main.getByRole("heading", { name: "Personal Information" })).toBeVisible();
  await expect(area.main.getByLabel("Full Name")).toHaveValue(name);
  await expect(area.main.getByLabel("Phone Number")).toHaveValue("+256 772 555 010");
  await expect(previous).toBeDisabled();
  await area.main.getByLabel("Phone Number").fill("");
  await expect(next).toBeDisabled();
  await area.main.getByLabel("Phone Number").fill("+256 772 555 011");
  await area.main.getByLabel("Address").fill("Plot 7, Acacia Avenue\nKampala");
  await next.click();

  await expect(area.main.getByRole("heading", { name: "Trip Details" })).toBeVisible();
  await expect(next).toBeDisabled();
  const departure = area.main.getByLabel("Preferred Departure Date");
  const min = await departure.getAttribute("min");
  expect(min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(area.main.getByLabel("Group Size")).toHaveText("1 person");
  await area.main.getByLabel("Tour Package").click();
  await page.getByRole("option", { name: /^Nile Adventure in Jinja/ }).click();
  await area.main.getByLabel("Group Size").click();
  await page.getByRole("option", { name: "4 people", exact: true }).click();
  await area.main.getByLabel("Accommodation Preference").click();
  await page.getByRole("option", { name: "Camping", exact: true }).click();
  await expect(next).toBeEnabled();
  await next.click();

  await expect(area.main.getByRole("heading", { name: "Additional Information" })).toBeVisible();
  const submit = area.main.getByRole("button", { name: "Submit Booking" });
  await expect(submit).toBeDisabled();
  const summary = area.main.getByRole("region", { name: "Booking Summary" });
  await expect(summary).toContainText("Nile Adventure in Jinja");
  await expect(summary).toContainText("4 people");
  await expect(summary).toContainText("To be confirmed");
  await area.main.getByLabel("Special Requests").fill("A sunrise boat ride, please");
  await area.main
    .getByRole("checkbox", { name: /I accept the terms and conditions and privacy policy/ })
    .click();
  await expect(submit).toBeEnabled();
  await submit.click();
  // The request's confirmation page, with the form's toast (carried over the full page load to
  // the site's document): its reference, and the way to it in My Bookings.
  await expect(page).toHaveURL(/\/booking\/requested\//);
  await expect(page.getByRole("heading", { name: "Booking Request Submitted!" })).toBeVisible();
  await toasts.expectToast(
    "Booking Submitted!",
    "Your booking request has been submitted successfully. We'll contact you soon!",
  );
  const reference =
    (await page
      .getByText(/^[0-9A-F]{8}$/)
      .first()
      .textContent()) ?? "";
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveCount(0);
  await page.getByRole("link", { name: "See it in My Bookings" }).click();
  await expect(page).toHaveURL(/\/customer\/bookings$/);

  // The booking in My Bookings and its details.
  await expect(area.main.getByText("You have 1 booking")).toBeVisible();
  const card = area.main.getByRole("list", { name: "Bookings" }).getByRole("listitem").first();
  await expect(card).toContainText("Nile Adventure in Jinja");
  await expect(card.getByText(`Booking ${reference}`, { exact: true })).toBeVisible();
  // Not reviewed by staff yet: New (the same word staff see), never guessed from its age.
  await expect(card.getByText("New", { exact: true })).toBeVisible();
  await expect(card.getByText("Payment: Pending")).toBeVisible();
  await card.getByRole("button", { name: /View Details/ }).click();
  const details = page.getByRole("dialog");
  await expect(details.getByText(/^Booking ID: [0-9A-F]{8}$/)).toBeVisible();
  await expect(details).toContainText("Camping");
  await expect(details).toContainText("4 people");
  await expect(details).toContainText("Not assigned yet");
  await expect(details).toContainText("A sunrise boat ride, please");
  await page.keyboard.press("Escape");
  // Search and filter live in the URL.
  await area.main.getByLabel("Search bookings").fill("no such tour");
  await expect(page).toHaveURL(/q=no\+such\+tour/);
  await expect(area.main.getByText("No bookings found")).toBeVisible();
  await area.main.getByRole("link", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL(/\/customer\/bookings$/);
  await expect(card).toBeVisible();

  // Messages: the empty state, 'Missing Information', a thread and a reply.
  await area.open("Messages", "/customer/messages");
  await expect(area.heading("Messages")).toBeVisible();
  await expect(area.main.getByText("No messages yet")).toBeVisible();
  await expect(area.stat("Total Messages")).toHaveText("0");
  await area.main.getByRole("button", { name: "New Message" }).click();
  const compose = page.getByRole("dialog", { name: "Send Message to Support" });
  await compose.getByLabel("Subject").fill("Binoculars");
  await compose.getByRole("button", { name: "Send Message" }).click();
  await toasts.expectToast("Missing Information", "Please provide both subject and message.");
  await compose.getByLabel("Message").fill("Can we rent binoculars in Jinja?");
  await compose.getByRole("button", { name: "Send Message" }).click();
  await toasts.expectToast("Message Sent", "Your message has been sent to our support team");
  await expect(compose).toBeHidden();
  await expect(area.stat("Total Messages")).toHaveText("1");
  await expect(area.stat("My Messages")).toHaveText("1");
  await expect(area.stat("From Support")).toHaveText("0");
  await area.main.getByRole("button", { name: /View Thread/ }).click();
  const thread = page.getByRole("dialog");
  await expect(thread.getByRole("heading", { name: "Binoculars" })).toBeVisible();
  await thread.getByLabel("Reply").fill("Two pairs would be perfect.");
  await thread.getByRole("button", { name: "Send Reply" }).click();
  await expect(thread.getByText("Two pairs would be perfect.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(area.stat("Total Messages")).toHaveText("2");

  // Profile: view, edit, cancel restores, save.
  await area.open("Profile Settings", "/customer/profile");
  await expect(area.heading("Profile Settings")).toBeVisible();
  await expect(area.main.getByText("NA", { exact: true })).toBeVisible();
  await expect(area.main.getByText(/^Member since [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  const fullName = area.main.getByLabel("Full Name");
  await expect(fullName).toBeDisabled();
  const accountInfo = area.main.getByRole("region", { name: "Account Information" });
  await expect(accountInfo.getByText(/^[0-9a-f-]{16}\.\.\.$/)).toBeVisible();
  await expect(accountInfo.getByText("Verified", { exact: true })).toBeVisible();
  await expect(accountInfo.getByText("Active", { exact: true })).toBeVisible();
  await area.main.getByRole("button", { name: "Edit Profile" }).click();
  await expect(fullName).toBeEnabled();
  await expect(
    area.main.getByText(
      "Changing your email requires verification: we'll send a link to the new address.",
    ),
  ).toBeVisible();
  await expect(
    area.main.getByText("Your name should match your passport and travel documents."),
  ).toBeVisible();
  await fullName.fill("Someone Else");
  await area.main.getByRole("button", { name: "Cancel" }).click();
  await expect(fullName).toHaveValue(name);
  await expect(fullName).toBeDisabled();
  await area.main.getByRole("button", { name: "Edit Profile" }).click();
  await area.main.getByLabel("Country").fill("Uganda");
  await area.main.getByRole("button", { name: "Save Changes" }).click();
  await toasts.expectToast(
    "Profile Updated",
    "Your profile information has been saved successfully.",
  );
  await expect(area.main.getByRole("button", { name: "Edit Profile" })).toBeVisible();
  await page.reload();
  await expect(area.main.getByLabel("Country")).toHaveValue("Uganda");

  // Email preferences: locked toggles, the newsletter sync both ways.
  await area.open("Email Preferences", "/customer/preferences");
  await expect(area.heading("Email Preferences")).toBeVisible();
  await expect(area.main.getByText("Newsletter Unsubscribed")).toBeVisible();
  await expect(area.main.getByRole("switch", { name: "Booking Updates" })).toBeDisabled();
  await expect(area.main.getByRole("switch", { name: "Booking Updates" })).toBeChecked();
  await expect(area.main.getByRole("switch", { name: "Messages from Our Team" })).toBeDisabled();
  await expect(area.main.getByText(/^Last updated: [A-Z][a-z]{2} \d{2}, \d{4}$/)).toBeVisible();
  const newsletter = area.main.getByRole("switch", { name: "Newsletter" });
  await expect(newsletter).toBeChecked();
  await area.main.getByRole("button", { name: "Save Preferences" }).click();
  await toasts.expectToast(
    "Preferences Saved",
    "Your email preferences have been updated successfully.",
  );
  await expect(area.main.getByText("Newsletter Subscribed")).toBeVisible();
  await newsletter.click();
  await area.main.getByRole("button", { name: "Save Preferences" }).click();
  await expect(area.main.getByText("Newsletter Unsubscribed")).toBeVisible();
  await page.reload();
  await expect(area.main.getByRole("switch", { name: "Newsletter" })).not.toBeChecked();
  await expect(area.main.getByText("Newsletter Unsubscribed")).toBeVisible();

  // A signed-in customer is sent from the sign-in page to the dashboard.
  await page.goto("/customer/auth");
  await expect(page).toHaveURL(/\/customer$/);

  // Sign out: the area is closed again.
  await area.signOut();
  await page.goto("/customer/messages");
  await expect(page).toHaveURL(/\/customer\/auth\?callbackUrl=/);

  // And back in with the password.
  await auth.signIn(email, PASSWORD);
  await toasts.expectToast("Welcome Back!", "You have been signed in successfully");
  await expect(page).toHaveURL(/\/customer\/messages$/);
});

test("an unverified account cannot sign in and can ask for a new link", async ({
  page,
  toasts,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "unverified");
  const auth = new CustomerAuthPage(page);
  await auth.goto();
  await auth.signUp({ fullName: "Okello James", email, password: PASSWORD });
  await toasts.expectToast("Account Created", "Please check your email to verify your account");
  const first = await new Mailbox(page.request).latest(email, SUBJECT.verify);

  await auth.goto();
  await auth.signIn(email, PASSWORD);
  await toasts.expectToast(
    "Sign In Failed",
    "Please verify your email before signing in. We can send you a new verification link.",
  );
  await expect(page).toHaveURL(/\/customer\/auth/);
  await auth.panel.getByRole("button", { name: "Send a new verification link" }).click();
  await toasts.expectToast(
    "Verification Email Sent",
    "If your account still needs verifying, a new link is on its way. Please check your inbox.",
  );
  const second = await new Mailbox(page.request).latest(email, SUBJECT.verify, first);

  // The first link no longer works; the new one does.
  await page.goto(Mailbox.linkTo(first, "/api/auth/verify"));
  await toasts.expectToast(
    "Link Expired",
    "This link is invalid, has expired or was already used. Sign in, or ask for a new link.",
  );
  await expect(page).toHaveURL(/\/customer\/auth$/);
  await page.goto(Mailbox.linkTo(second, "/api/auth/verify"));
  await expect(page).toHaveURL(/\/customer$/);

  // A wrong password and an unknown email get the same answer, to a fresh visitor.
  await asFreshVisitor(page);
  await auth.goto();
  await auth.signIn(email, "not my password at all");
  await toasts.expectToast("Sign In Failed", "Invalid email or password");
  await auth.signIn(uniqueEmail(testInfo, "nobody"), "not my password at all");
  await toasts.expectToast("Sign In Failed", "Invalid email or password");
});

test("a forgotten password is reset with a single-use link", async ({
  page,
  mobile,
  toasts,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "reset");
  await registerAndVerify(page, { fullName: "Achen Grace", email, password: PASSWORD });
  const area = new CustomerArea(page, mobile);
  await area.signOut();

  const auth = new CustomerAuthPage(page);
  await auth.goto();
  await auth.requestReset(email);
  await toasts.expectToast(
    "Check Your Email",
    "If an account exists for that email, we've sent a link to reset your password.",
  );
  const mail = await new Mailbox(page.request).latest(email, SUBJECT.reset);
  const link = Mailbox.linkTo(mail, "/customer/reset-password");

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New Password", { exact: true }).fill("lake bunyonyi island");
  await page.getByLabel("Confirm New Password").fill("lake bunyonyi island");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await toasts.expectToast(
    "Password Updated",
    "Your password has been changed. Please sign in with your new password.",
  );
  await expect(page).toHaveURL(/\/customer\/auth$/);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Link expired" })).toBeVisible();

  await auth.goto();
  await auth.signIn(email, PASSWORD);
  await toasts.expectToast("Sign In Failed", "Invalid email or password");
  await auth.signIn(email, "lake bunyonyi island");
  await toasts.expectToast("Welcome Back!", "You have been signed in successfully");
  await expect(page).toHaveURL(/\/customer$/);
});

test("the demo customer sees the seeded bookings, guide and support thread @layout", async ({
  page,
  mobile,
  toasts,
}) => {
  const { email, password, name } = DEMO_ACCOUNTS.customer;
  const auth = new CustomerAuthPage(page);
  await auth.goto("?callbackUrl=%2Fcustomer");
  await auth.signIn(email, password);
  await toasts.expectToast("Welcome Back!", "You have been signed in successfully");
  await expect(page).toHaveURL(/\/customer$/);

  const area = new CustomerArea(page, mobile);
  await expect(area.heading(`Welcome back, ${name}!`)).toBeVisible();
  // The seeded trips and the tailor-made safari the demo customer accepted (3 travellers).
  await expect(area.stat("Upcoming Trips")).toHaveText("3");
  await expect(area.stat("Total Travelers")).toHaveText("9");
  // 45 days from the seed (the server's date may be a day behind Kampala's late in the evening).
  await expect(area.stat("Next Departure")).toHaveText(/^4[45]$/);
  const upcoming = area.main.getByRole("region", { name: "Upcoming Trips" }).getByRole("listitem");
  await expect(upcoming).toHaveCount(3);
  await expect(upcoming.first()).toContainText("Gorilla Trek & Safari Escape");
  await expect(upcoming.first()).toContainText("2 people");
  await expect(upcoming.first()).toContainText("Confirmed");
  // Its money, as in My Bookings: booked inside its balance window, the balance is due now.
  await expect(upcoming.first()).toContainText("Paid $1,560.00 of $5,200.00");
  await expect(upcoming.first()).toContainText("Balance $3,640.00 due now");
  await expect(upcoming.first().getByRole("link", { name: /^Pay for booking/ })).toBeVisible();
  // Not quoted yet: nothing to pay.
  await expect(upcoming.nth(1).getByRole("link", { name: /^Pay for booking/ })).toHaveCount(0);

  await area.open("My Bookings", "/customer/bookings");
  await expect(area.main.getByText("You have 4 bookings")).toBeVisible();
  const list = area.main.getByRole("list", { name: "Bookings" });
  const gorilla = list.getByRole("listitem").filter({ hasText: "Gorilla Trek" });
  await expect(gorilla.getByText("Payment: Deposit Made")).toBeVisible();
  await expect(
    list.getByRole("listitem").filter({ hasText: "Kampala" }).getByText("Payment: Paid"),
  ).toBeVisible();
  await gorilla.getByRole("button", { name: /View Details/ }).click();
  const details = page.getByRole("dialog");
  await expect(details.getByRole("heading", { name: /Gorilla Trek/ })).toBeVisible();
  await expect(details.getByText("Specialty")).toBeVisible();
  await expect(details.getByText("Languages")).toBeVisible();
  await expect(details).not.toContainText("Not assigned yet");
  await page.keyboard.press("Escape");
  // The tailor-made safari shows the plan the customer accepted, day by day.
  await list
    .getByRole("listitem")
    .filter({ hasText: "Tailor-made" })
    .getByRole("button", { name: /View Details/ })
    .click();
  const plan = page.getByRole("dialog").getByRole("region", { name: "Your plan, day by day" });
  await expect(plan).toContainText("Day 1");
  await expect(plan).toContainText("From proposal TM-MF3ZWA, version 2.");
  await page.keyboard.press("Escape");

  await area.main.getByLabel("Show").click();
  await page.getByRole("option", { name: "Past Trips" }).click();
  await expect(page).toHaveURL(/filter=past/);
  await expect(area.main.getByText("1 of 4 bookings match")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Kampala");

  await area.open("Messages", "/customer/messages");
  const threadRow = area.main
    .getByRole("listitem")
    .filter({ hasText: "Gorilla permit for my partner" });
  await expect(threadRow).toBeVisible();
  await threadRow.getByRole("button", { name: /View Thread/ }).click();
  const thread = page.getByRole("dialog");
  await expect(thread.getByText("Support Team", { exact: true })).toBeVisible();
  await expect(thread.getByText("You", { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(threadRow.getByText(/new repl/)).toHaveCount(0);
  // Sign Out from the header, or on a phone from the account menu.
  await area.signOut();
});
