/**
 * Admin Messages and Newsletter in Chromium, signed in as the demo admin (the
 * e2e database is seeded with the demo data): a contact message reaches the table and its View
 * Full dialog; a customer's message gets a staff reply that reaches the customer's Messages page
 * and inbox; the newsletter's CSV export downloaded and parsed, with an address starting with '+'
 * neutralised, and the Inactive view that exports nothing.
 */
import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";

import { DEMO_ACCOUNTS } from "@/db/seed";

import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./pages/admin-shell";
import { AdminMessagesPage, AdminNewsletterPage } from "./pages/admin-messages-page";
import { ContactFormPage } from "./pages/contact-form";
import { signInAsCustomer } from "./pages/customer-auth-page";
import { Mailbox } from "./pages/mailbox";
import { asFreshVisitor } from "./support/visitor";

test.use({ ownAddress: true });

test("a contact message reaches the staff's table and its View Full dialog", async ({
  page,
  mobile,
  chrome,
}, testInfo) => {
  const subject = `Canoe trip ${testInfo.project.name} ${Date.now()}`;
  const message = `${"We would like to paddle on Lake Mutanda at sunrise with our two teenagers. ".repeat(3)}Thank you!`;
  const contact = new ContactFormPage(page);
  await contact.goto();
  await contact.fill({
    name: "Ruth Nambi",
    email: "ruth.nambi@example.com",
    phone: "+256 772 123 456",
    subject,
    message,
  });
  await contact.send.click();
  await contact.toasts.expectToast("Message Sent!");

  await signInAsAdmin(page);
  const admin = new AdminMessagesPage(page);
  await admin.goto();
  await expect(admin.tab("Contact Messages")).toHaveAttribute("aria-current", "page");
  await admin.searchFor(subject);
  const row = admin.contact(subject);
  await expect(row).toHaveCount(1);
  await expect(row.getByText("New", { exact: true })).toBeVisible();
  await expect(row.getByText(`${message.slice(0, 100)}...`)).toBeVisible();
  await expect(row.getByText("N/A")).toBeVisible();
  if (!mobile) await expect(row.getByText("ruth.nambi@example.com")).toBeVisible();

  await row.getByRole("button", { name: /^View Full/ }).click();
  const dialog = page.getByRole("dialog", { name: subject });
  await expect(dialog.getByText(message)).toBeVisible();
  await expect(dialog.getByText(/^Received \w+ \d{2}, \d{4} at \d{2}:\d{2}$/)).toBeVisible();
  const reply = await dialog.getByRole("link", { name: "Reply via Email" }).getAttribute("href");
  const url = new URL(reply!);
  expect(decodeURIComponent(url.pathname)).toBe("ruth.nambi@example.com");
  expect(url.searchParams.get("subject")).toBe(`Re: ${subject}`);
  await expect(dialog.getByRole("link", { name: "Call" })).toHaveAttribute(
    "href",
    "tel:+256772123456",
  );
  await page.keyboard.press("Escape");

  await admin.goto();
  const { scrollWidth, innerWidth, offenders } = await chrome.horizontalOverflow();
  expect(scrollWidth, `no horizontal scrolling: ${offenders.join(", ")}`).toBeLessThanOrEqual(
    innerWidth,
  );
});

test("a staff reply reaches the customer's Messages page and inbox", async ({ page }, testInfo) => {
  const subject = `Gorilla boots ${testInfo.project.name} ${Date.now()}`;
  await signInAsCustomer(page, DEMO_ACCOUNTS.customer, "/customer/messages");
  await page.getByRole("button", { name: "New Message" }).click();
  const compose = page.getByRole("dialog", { name: "Send Message to Support" });
  await compose.getByLabel("Subject").fill(subject);
  await compose.getByLabel("Message").fill("Can we rent hiking boots in Buhoma?");
  await compose.getByRole("button", { name: "Send Message" }).click();
  await expect(compose).toBeHidden();
  await asFreshVisitor(page);

  await signInAsAdmin(page);
  const admin = new AdminMessagesPage(page);
  await admin.goto();
  await admin.tab("Customer Messages").click();
  await expect(admin.tab("Customer Messages")).toHaveAttribute("aria-current", "page");
  const thread = admin.thread(subject);
  await expect(thread.getByText("1 unread")).toBeVisible();
  // The sidebar counts the threads waiting for staff (this one among them) beside Messages.
  await expect(
    page.locator('a[href="/admin/messages"]').filter({ hasText: "unread" }).first(),
  ).toHaveText(/^Messages\s*[1-9]\d*\s*unread$/);
  await thread.getByRole("link", { name: /^View Thread/ }).click();
  const dialog = page.getByRole("dialog", { name: subject });
  await expect(dialog.getByText("Can we rent hiking boots in Buhoma?")).toBeVisible();
  await dialog.getByRole("button", { name: "Send Reply" }).click();
  await expect(dialog.getByText("Please write a reply.")).toBeVisible();
  const answer = `Yes: boots in every size at the park office, ${Date.now()}.`;
  await dialog.getByLabel("Reply to customer").fill(answer);
  await dialog.getByRole("button", { name: "Send Reply" }).click();
  await admin.toasts.expectToast("Reply Sent", "The customer has been emailed your reply.");
  await expect(page.getByRole("dialog", { name: subject }).getByText(answer)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(admin.thread(subject).getByText("Replied")).toBeVisible();

  const mail = await new Mailbox(page.request).latest(
    DEMO_ACCOUNTS.customer.email,
    `Re: ${subject} – Breathe Uganda`,
  );
  expect(mail.text).toContain(answer);

  await asFreshVisitor(page);
  await signInAsCustomer(page, DEMO_ACCOUNTS.customer, "/customer/messages");
  const mine = page.locator("main li").filter({ hasText: subject });
  await expect(mine.getByText("1 new reply")).toBeVisible();
  await expect(mine.getByText(`Support Team: ${answer}`)).toBeVisible();
});

test("the newsletter: counts, filters, and the CSV export of the active subscribers", async ({
  page,
  chrome,
}) => {
  await signInAsAdmin(page);
  const newsletter = new AdminNewsletterPage(page);
  await newsletter.goto();
  for (const label of ["Total Subscribers", "Active", "Unsubscribed"])
    await expect(page.getByRole("group", { name: label, exact: true })).toBeVisible();
  await expect(newsletter.filter("All")).toHaveAttribute("aria-current", "page");
  await expect(newsletter.main.locator("tbody tr")).toHaveCount(15);
  const { scrollWidth, innerWidth, offenders } = await chrome.horizontalOverflow();
  expect(scrollWidth, `no horizontal scrolling: ${offenders.join(", ")}`).toBeLessThanOrEqual(
    innerWidth,
  );

  await newsletter.search.fill("+travel");
  await expect(page).toHaveURL(/[?&]q=%2Btravel/);
  await expect(newsletter.row("+travel.deals@example.com")).toBeVisible();
  await expect(
    newsletter.row("+travel.deals@example.com").getByRole("link", { name: /^Send Email/ }),
  ).toHaveAttribute("href", "mailto:%2Btravel.deals%40example.com");

  const downloading = page.waitForEvent("download");
  await newsletter.exportButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  await newsletter.toasts.expectToast("Export Successful", "Exported 1 active subscribers");
  const rows = parse(await readFile((await download.path())!, "utf8")) as string[][];
  expect(rows[0]).toEqual(["Email", "Subscribed Date"]);
  expect(rows.slice(1).map((r) => r[0])).toEqual(["'+travel.deals@example.com"]);
  expect(rows[1]?.[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

  await newsletter.goto("?filter=inactive");
  await expect(newsletter.filter("Inactive")).toHaveAttribute("aria-current", "page");
  await newsletter.exportButton.click();
  await newsletter.toasts.expectToast(
    "Nothing to Export",
    "There are no active subscribers in the current view.",
  );
});
