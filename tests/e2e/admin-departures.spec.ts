/**
 * /admin/departures in Chromium, as a member of staff (the `staff` role): add a weekly series to a
 * tour sold on request (it is then sold both ways), raise one date's capacity, a traveller books
 * that date through the public wizard, then staff cancel it and the traveller is emailed the
 * reason. Each project works on a tour of its own (no demo departures on either), a retry on
 * later dates.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";

import { formatDay, formatTripDay } from "@/lib/dates";
import { inDays } from "@/tests/helpers/payloads";

import { expect, test } from "./fixtures";
import { AdminDeparturesPage } from "./pages/admin-departures-page";
import { signInAsAdmin } from "./pages/admin-shell";
import { BookingPage, traveller } from "./pages/booking-page";
import { testSignedOutSentToAdminLogin } from "./support/admin-guard";
import { type CapturedMail, mailCaptureUrl } from "./support/mail-capture";
import { E2E_STAFF } from "./support/staff";
import { asFreshVisitor, uniqueEmail } from "./support/visitor";

/** Seeded tours sold on request without demo departures, one a project. */
const TOURS = {
  mobile: "Rwenzori Crater Lakes & Chimp Hike",
  desktop: "Karamoja & Kidepo Cultural Expedition",
} as const;

/** Days from today to the first Monday at least `from` days ahead. */
function mondayFrom(from: number): number {
  for (let d = from; ; d += 1) {
    if (new Date(`${inDays(d)}T00:00:00Z`).getUTCDay() === 1) return d;
  }
}

test.use({ ownAddress: true });

testSignedOutSentToAdminLogin("/admin/departures");

test("staff add a weekly series, raise a date's capacity, cancel it, and its traveller is emailed @layout", async ({
  page,
  mobile,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const tour = mobile ? TOURS.mobile : TOURS.desktop;
  const first = mondayFrom(430 + testInfo.retry * 35);
  const firstDate = inDays(first);
  const dates = [0, 7, 14, 21].map((d) => inDays(first + d));
  const admin = new AdminDeparturesPage(page);

  const shell = await signInAsAdmin(page, E2E_STAFF.staff, "/admin/departures");
  await expect(admin.heading).toBeVisible();
  await expect((await shell.nav(mobile)).getByRole("link", { name: "Departures" })).toBeVisible();
  if (mobile) await page.keyboard.press("Escape");

  // A weekly series of four Mondays; the filled dialog passes axe.
  await admin.addSeries(
    { tour, firstDate, weekly: { days: ["Mon"], until: dates[3]! }, capacity: "6" },
    async () => {
      if (testInfo.retry === 0)
        await expect(admin.addDialog).toContainText("sold as private trips on request only");
      const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
      ).toEqual([]);
    },
  );
  // A retry finds the tour already sold both ways.
  await admin.toasts.expectToast(
    "Departures Added",
    testInfo.retry === 0
      ? `Added 4 departures. ${tour} is now sold both as private trips on request and on scheduled departures.`
      : "Added 4 departures.",
  );
  await expect(admin.addDialog).toBeHidden();

  // Only this tour's dates, all of them.
  await admin.choose(admin.tourFilter, tour);
  await expect(page).toHaveURL(/[?&]tour=/);
  await admin.choose(admin.monthFilter, "All dates");
  await expect(page).toHaveURL(/[?&]month=all/);
  // A retry's earlier dates are listed too.
  const count = 4 * (testInfo.retry + 1);
  await expect(admin.total).toHaveText(`${count} departures`);
  await expect(admin.rows(mobile)).toHaveCount(count);
  await admin.expectColumns(mobile, "Dates | Tour | Seats | Bookings | Guide | Status | Actions");
  const firstRow = admin.rows(mobile).nth(4 * testInfo.retry);
  // The row's dates begin with the first date's weekday and day ('Mon 7 - Sat 12 Feb 2028').
  const firstDay = formatTripDay(firstDate).split(" ").slice(0, 2).join(" ");
  await expect(firstRow).toContainText(firstDay);
  await expect(firstRow).toContainText("0 sold · 0 held · 6 free of 6");
  await expect(firstRow).toContainText("No bookings");
  await expect(firstRow).toContainText("Open");
  // The dates as the row shows them (the end from the tour's length), which name its buttons.
  const shownRange = (await (
    mobile ? firstRow.locator("p").first() : firstRow.getByRole("rowheader")
  ).textContent())!.trim();
  expect(shownRange.startsWith(firstDay)).toBe(true);

  // Edit: capacity raised to 8.
  await admin.rowButton(shownRange, "Edit").click();
  await expect(admin.editDialog).toBeVisible();
  await expect(admin.field(admin.editDialog, "Capacity")).toHaveValue("6");
  await admin.field(admin.editDialog, "Capacity").fill("8");
  await admin.editDialog.getByRole("button", { name: "Save Changes" }).click();
  await admin.toasts.expectToast("Departure Updated");
  await expect(admin.editDialog).toBeHidden();
  await expect(admin.entry(shownRange)).toContainText("0 sold · 0 held · 8 free of 8");

  // A traveller takes that date through the public wizard: its seats are held while they pay.
  const email = uniqueEmail(testInfo, "departure-cancelled");
  await asFreshVisitor(page);
  const booking = new BookingPage(page);
  await booking.goto();
  await booking.toTripDetails(traveller("Nora Departed", email, "+256 700 333 444", "Kenya"));
  await booking.choose("Preferred Tour Package", tour);
  await page.getByRole("radio", { name: new RegExp(escapeRegExp(shownRange)) }).check();
  await booking.choose("Group Size", "2 people");
  await booking.next.click();
  await booking.continueToPayment();

  // Staff cancel the date: the booking ends and the traveller is told why.
  await signInAsAdmin(page, E2E_STAFF.staff, "/admin/departures?month=all");
  await admin.choose(admin.tourFilter, tour);
  await expect(admin.entry(shownRange)).toContainText("2 sold · 0 held · 6 free of 8");
  await expect(admin.entry(shownRange)).toContainText("1 booking");
  await admin.rowButton(shownRange, "Cancel").click();
  await expect(admin.cancelDialog).toContainText(
    "Its booking will be cancelled and each traveller emailed the reason below. This cannot be undone.",
  );
  // The reason is required.
  await admin.cancelDialog.getByRole("button", { name: "Cancel Departure" }).click();
  await expect(admin.cancelDialog.getByText("Reason is required")).toBeVisible();
  const reason = "The road to the park is closed by floods";
  await admin.field(admin.cancelDialog, "Reason").fill(reason);
  await admin.cancelDialog.getByRole("button", { name: "Cancel Departure" }).click();
  await admin.toasts.expectToast(
    "Departure Cancelled",
    `${tour} on ${formatDay(firstDate)} is cancelled. 1 booking was cancelled and the traveller has been emailed.`,
  );
  await expect(admin.entry(shownRange)).toContainText("Cancelled");
  await expect(admin.entry(shownRange)).toContainText(reason);
  await expect(admin.rowButton(shownRange, "Edit")).toHaveCount(0);

  const mail = await cancellationMail(request, email);
  expect(mail.text).toContain(`The departure of ${formatDay(firstDate)} was cancelled: ${reason}.`);

  // The other three dates are still on sale.
  await admin.choose(admin.statusFilter, "Open");
  await expect(admin.entry(shownRange)).toHaveCount(0);
  if (testInfo.retry === 0) await expect(admin.total).toHaveText("3 departures");
});

/** The traveller's 'Booking cancelled: ...' mail (its subject ends with the booking's reference). */
async function cancellationMail(request: APIRequestContext, to: string): Promise<CapturedMail> {
  let mail: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `${mailCaptureUrl()}/captured?${new URLSearchParams({ to })}`,
        );
        const { mails } = (await response.json()) as { mails: CapturedMail[] };
        mail = mails.findLast((m) => m.subject.startsWith("Booking cancelled: "));
        return mail?.id ?? null;
      },
      { message: `the cancellation mail to ${to}`, timeout: 15_000 },
    )
    .not.toBeNull();
  return mail!;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
