/**
 * A tailor-made safari from the staff's libraries to a paid deposit, at phone and desktop widths:
 * staff build a seven-day proposal day by day from the lodge, activity and vehicle libraries and
 * send it; the traveller opens the mailed link on a phone, sees the plan and the price, accepts it
 * and pays the deposit through the demo checkout; the booking then carries the plan and the
 * locked price, and the proposal shows as accepted. A sent proposal changed by staff becomes a
 * new version while the one the traveller holds stays as sent.
 */
import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import type { Browser } from "@playwright/test";

import { todayInKampala } from "@/lib/dates";

import { expect, test } from "./fixtures";
import { AdminBookingsPage } from "./pages/admin-bookings-page";
import { AdminProposalsPage, type PlannedDay } from "./pages/admin-proposals-page";
import { signInAsAdmin } from "./pages/admin-shell";
import { Mailbox } from "./pages/mailbox";
import { PayPage } from "./pages/pay-page";
import { expectNoAxeViolations } from "./support/axe";
import { E2E_STAFF } from "./support/staff";
import { ownAddress, uniqueEmail } from "./support/visitor";

/** A day `offset` days from today in Kampala ('yyyy-MM-dd'). */
const dayFromToday = (offset: number) =>
  format(addDays(new Date(`${todayInKampala()}T12:00:00`), offset), "yyyy-MM-dd");

/** Seven days, Entebbe to Murchison Falls, Kibale, Queen Elizabeth and back, from the demo library. */
const SEVEN_DAYS: PlannedDay[] = [
  {
    title: "Arrival in Entebbe",
    place: "Entebbe",
    notes: "Met at the airport by your driver-guide.",
    lines: [
      { kind: "Transfer", row: /^Airport transfer Entebbe:/ },
      { kind: "Stay", row: /^Protea Hotel Entebbe/ },
    ],
  },
  {
    title: "North to Murchison Falls",
    place: "Murchison Falls",
    lines: [
      { kind: "Vehicle", row: /^4x4 safari Land Cruiser/, quantity: 6 },
      { kind: "Stay", row: /^Paraa Safari Lodge \(Murchison Falls\), Standard room/ },
    ],
  },
  {
    title: "The Nile to the falls",
    place: "Murchison Falls",
    lines: [
      { kind: "Activity", row: /^Launch trip to the bottom of the falls/ },
      { kind: "Stay", row: /^Paraa Safari Lodge \(Murchison Falls\), Standard room/ },
    ],
  },
  {
    title: "Through Fort Portal to Kibale",
    place: "Kibale",
    lines: [{ kind: "Stay", row: /^Primate Lodge Kibale/ }],
  },
  {
    title: "Bigodi wetland and south to the Kazinga Channel",
    place: "Queen Elizabeth",
    lines: [
      { kind: "Activity", row: /^Bigodi wetland walk/ },
      { kind: "Stay", row: /^Mweya Safari Lodge/ },
    ],
  },
  {
    title: "Kazinga Channel boat cruise",
    place: "Queen Elizabeth",
    lines: [
      { kind: "Activity", row: /^Kazinga Channel boat cruise/ },
      { kind: "Stay", row: /^Mweya Safari Lodge/ },
    ],
  },
  { title: "Back to Entebbe", place: "Entebbe", lines: [] },
];

/** The traveller's phone: a context of its own at 390 px, posting from an address of its own. */
async function travellersPhone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await ownAddress(page);
  return { context, page };
}

/** The path of the proposal link in a mail's text. */
function proposalPath(text: string): string {
  const match = /https?:\/\/[^\s/]+(\/proposal\/[A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error("no proposal link in the mail");
  return match[1];
}

test.use({ ownAddress: true });

test("staff build a seven-day proposal from the libraries; the traveller accepts it on a phone and pays the deposit @layout", async ({
  page,
  browser,
  request,
  mobile,
}, testInfo) => {
  test.setTimeout(240_000);
  const traveller = {
    leadName: "Hannah Okello",
    email: uniqueEmail(testInfo, "proposal"),
    phone: "+256 772 000 777",
    title: "Seven days of Murchison, Kibale and Queen Elizabeth",
    startDate: dayFromToday(120),
  };

  // Staff: a new proposal, built day by day from the library.
  await signInAsAdmin(page, E2E_STAFF.staff, "/admin/proposals");
  const proposals = new AdminProposalsPage(page);
  await expect(proposals.heading).toHaveText("Proposals");
  await proposals.create(traveller);
  for (const [i, day] of SEVEN_DAYS.entries()) await proposals.addDay(i + 1, day);
  await expect(page.getByRole("heading", { level: 3, name: /^Day \d+: / })).toHaveCount(7);
  const total = await proposals.total();
  expect(total).not.toBe("$0.00");

  await proposals.send.click();
  await proposals.toasts.expectToast("Proposal Sent");
  await expect(proposals.newVersion).toBeVisible();
  const mail = await new Mailbox(request).latest(
    traveller.email,
    `Your safari proposal ${await proposals.reference()}: ${traveller.title}`,
  );
  const link = proposalPath(mail.text);

  // The traveller, on a phone: the plan, the price, and accept-and-pay.
  const phone = await travellersPhone(browser);
  try {
    const p = phone.page;
    await p.goto(link);
    await expect(p.getByRole("heading", { level: 1 })).toHaveText(traveller.title);
    await expect(p.getByText(`Prepared for ${traveller.leadName}`)).toBeVisible();
    for (const day of SEVEN_DAYS)
      await expect(p.getByRole("heading", { name: day.title, exact: false }).first()).toBeVisible();
    await expect(p.getByText("Paraa Safari Lodge").first()).toBeVisible();
    const card = p
      .getByRole("region", { name: "Your price" })
      .or(p.locator("aside", { has: p.getByRole("heading", { name: "Your price" }) }));
    await expect(card.first()).toContainText(total);
    // Nothing wider than the phone's screen.
    const overflow = await p.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await expectNoAxeViolations(p, "the proposal page");

    const accept = p.getByRole("button", { name: /^Accept and pay \$[\d,]+\.\d{2}$/ });
    const deposit = /\$[\d,]+\.\d{2}/.exec((await accept.textContent()) ?? "")![0];
    // The terms are required: refused with the field's message, nothing booked.
    await accept.click();
    await expect(
      p.getByText("Please accept the booking terms to confirm your safari."),
    ).toBeVisible();
    await p.getByRole("checkbox", { name: /I accept the booking terms/ }).check();
    await accept.click();

    const pay = new PayPage(p);
    await pay.expectPayPage();
    await expect(
      pay.choice(new RegExp(`^Pay the deposit \\(\\d+%\\): ${deposit.replace(/[$.]/g, "\\$&")}`)),
    ).toBeChecked();
    await expect(pay.choice(`Pay the rest at once: ${total}`)).toBeVisible();
    await pay.pay(/^Pay the deposit/);
    await pay.payAtDemoCheckout();
    await expect(pay.heading).toHaveText("Payment received");

    // The link now says the proposal is accepted, with nothing more to accept.
    await p.goto(link);
    await expect(p.getByText("Accepted", { exact: true }).first()).toBeVisible();
    await expect(p.getByRole("button", { name: /^Accept and pay/ })).toHaveCount(0);
  } finally {
    await phone.context.close();
  }

  // Staff: the proposal is accepted; its booking carries the plan and the locked price.
  await page.reload();
  await expect(proposals.history).toContainText("Accepted");
  await expect(proposals.history).toContainText(traveller.leadName);
  const bookings = new AdminBookingsPage(page);
  await bookings.goto(`?q=${encodeURIComponent(traveller.email)}`);
  await expect(bookings.rows(mobile)).toHaveCount(1);
  await expect(bookings.rows(mobile).first()).toContainText(`Tailor-made: ${traveller.title}`);
  await bookings.rows(mobile).first().getByRole("link", { name: /^Edit/ }).click();
  await expect(bookings.dialog).toBeVisible();
  const dollars = total.replace(/[$,]/g, "").replace(/\.00$/, "");
  await expect(bookings.totalInput).toHaveValue(
    new RegExp(`^${dollars.replace(".", "\\.")}(\\.00)?$`),
  );
  await expect(bookings.paymentStatus).toContainText("Deposit Made");
  const plan = bookings.dialog.getByRole("region", { name: /day by day/ });
  for (const day of SEVEN_DAYS) await expect(plan).toContainText(day.title);
  await expect(plan).toContainText("Paraa Safari Lodge");
});

test("a sent proposal changed by staff becomes version 2, and version 1 stays as sent @layout", async ({
  page,
  request,
}, testInfo) => {
  const traveller = {
    leadName: "Daniel Mugisha",
    email: uniqueEmail(testInfo, "proposal-v2"),
    phone: "+256 772 000 778",
    title: "Three days at Murchison Falls",
    startDate: dayFromToday(90),
  };
  await signInAsAdmin(page, E2E_STAFF.staff, "/admin/proposals");
  const proposals = new AdminProposalsPage(page);
  await proposals.create(traveller);
  await proposals.addDay(1, {
    title: "North to Murchison Falls",
    place: "Murchison Falls",
    lines: [
      { kind: "Vehicle", row: /^4x4 safari Land Cruiser/, quantity: 3 },
      { kind: "Stay", row: /^Paraa Safari Lodge \(Murchison Falls\), Standard room/, quantity: 2 },
    ],
  });
  await proposals.addDay(2, {
    title: "The Nile to the falls",
    place: "Murchison Falls",
    lines: [{ kind: "Activity", row: /^Launch trip to the bottom of the falls/ }],
  });
  await proposals.addDay(3, { title: "Back to Entebbe", place: "Entebbe", lines: [] });
  const sentTotal = await proposals.total();
  await proposals.send.click();
  await proposals.toasts.expectToast("Proposal Sent");
  const mail = await new Mailbox(request).latest(
    traveller.email,
    `Your safari proposal ${await proposals.reference()}: ${traveller.title}`,
  );

  // A sent version is not edited: a change starts version 2, a draft copying its days.
  await expect(page.getByRole("button", { name: "Add day", exact: true })).toHaveCount(0);
  await proposals.newVersion.click();
  await expect(page.getByRole("heading", { level: 2, name: /^Version 2: / })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: /^Day \d+: / })).toHaveCount(3);
  // The draft takes a third adult: it is repriced, while version 1 keeps its total.
  await page.getByLabel("Adults").fill("3");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect.poll(() => proposals.total()).not.toBe(sentTotal);
  await expect(proposals.history).toContainText(`Version 1 · ${sentTotal}`);
  await expect(proposals.send).toBeEnabled();

  // The link the traveller holds still opens version 1, as sent.
  const phone = await travellersPhone(page.context().browser()!);
  try {
    await phone.page.goto(proposalPath(mail.text));
    await expect(phone.page.getByRole("heading", { level: 1 })).toHaveText(traveller.title);
    await expect(phone.page.getByText("Per adult x 2")).toBeVisible();
  } finally {
    await phone.context.close();
  }
});
