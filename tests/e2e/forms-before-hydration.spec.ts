/**
 * A form sent before the page's script has run (a slow phone, a click right after the page
 * appears; here, the page's script files never arrive): the browser must not send it itself, as a
 * GET of the page with every field, a password too, in the address, where logs and the history
 * keep it. The click does nothing, and what was typed stays in the form.
 */
import { DEMO_ACCOUNTS } from "@/db/seed";

import { expect, test } from "./fixtures";

test.skip(({ isMobile }) => isMobile, "no layout involved: once is enough");

for (const { name, path, fields, submit } of [
  {
    name: "the customer sign-in",
    path: "/customer/auth",
    fields: [
      ["Email", DEMO_ACCOUNTS.customer.email],
      ["Password", "typed-before-the-script-ran"],
    ],
    submit: "Sign In",
  },
  {
    name: "the staff login",
    path: "/admin/login",
    fields: [
      ["Email", DEMO_ACCOUNTS.admin.email],
      ["Password", "typed-before-the-script-ran"],
    ],
    submit: "Sign In",
  },
  {
    name: "the contact form",
    path: "/contact",
    fields: [
      ["Full Name", "Early Clicker"],
      ["Message", "Sent before the page was ready."],
    ],
    submit: "Send Message",
  },
] as const) {
  test(`${name}, sent before its script runs, sends nothing and keeps what was typed`, async ({
    page,
  }) => {
    // The framework's and the page's script files never arrive, so React never takes the page
    // over; the HTML's own inline scripts still run, as they do on a slow connection.
    await page.route("**/_next/static/chunks/**", (route) => route.abort());
    await page.goto(path);
    const form = page.getByRole("main").locator("form").first();
    for (const [label, value] of fields) await form.getByLabel(label, { exact: true }).fill(value);
    // The browser's own submit requests this page at once; nothing at all is the answer here,
    // so the wait for it is bounded.
    const sent = page
      .waitForRequest((request) => new URL(request.url()).pathname === path, { timeout: 2000 })
      .then(
        (request) => request.url(),
        () => null,
      );
    await form.getByRole("button", { name: submit, exact: true }).click();
    expect(await sent).toBeNull();
    for (const [label, value] of fields)
      await expect(form.getByLabel(label, { exact: true })).toHaveValue(value);
  });
}
