/**
 * A departure's manifest, its CSV and the guide's day sheet, reached from a booking's Edit
 * dialog; and the traveller details a customer gives in My Bookings. The departure is the demo's
 * first gorilla date (full: three bookings, the lead travellers' details given by the seed, the
 * paid bookings' UWA permit numbers typed).
 */
import { readFile } from "node:fs/promises";

import { parse } from "csv-parse/sync";

import { DEMO_ACCOUNTS } from "@/db/seed";

import { expect, test } from "./fixtures";
import { AdminBookingsPage } from "./pages/admin-bookings-page";
import { signInAsAdmin } from "./pages/admin-shell";
import { CustomerArea } from "./pages/customer-area";
import { signInAsCustomer } from "./pages/customer-auth-page";
import { DaySheetPage, DepartureManifestPage } from "./pages/departure-manifest-page";

test.use({ ownAddress: true });

test("a signed-out visitor is sent to the admin login, for the manifest and its CSV alike", async ({
  page,
}) => {
  await page.goto(`/admin/departures/${crypto.randomUUID()}`);
  await expect(page).toHaveURL(/\/admin\/login/);
  const response = await page.request.get(`/admin/departures/${crypto.randomUUID()}/manifest.csv`, {
    maxRedirects: 0,
  });
  // The proxy sends every signed-out /admin request to the login before the route runs.
  expect([302, 307]).toContain(response.status());
  expect(response.headers().location).toContain("/admin/login");
});

test("staff open a departure's manifest, download its CSV and open the day sheet @layout", async ({
  page,
  mobile,
}) => {
  await signInAsAdmin(page);
  const bookings = new AdminBookingsPage(page);
  // Sophie Laurent leads the first booking of the demo's first gorilla departure (the demo has
  // a second Sophie Laurent, on another tour).
  await bookings.goto("?q=Sophie%20Laurent");
  await bookings
    .rows(mobile)
    .filter({ hasText: "Gorilla" })
    .first()
    .getByRole("link", { name: /^Edit/ })
    .click();
  await expect(bookings.dialog.getByRole("region", { name: "Departure" })).toContainText(
    /\d+ of \d+ taken/,
  );
  await bookings.dialog.getByRole("link", { name: "Open the manifest" }).click();

  const manifest = new DepartureManifestPage(page);
  await expect(page).toHaveURL(/\/admin\/departures\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: /Gorilla/ })).toBeVisible();
  await expect(manifest.departure).toContainText(/\d+ of \d+ taken/);
  await expect(manifest.count).toHaveText(/^\d+ bookings?, \d+ travellers?$/);
  const firstBooking = manifest.bookings(mobile).filter({ hasText: "Sophie Laurent" });
  await expect(firstBooking).toContainText("Payment: Paid");
  await expect(firstBooking).toContainText("French");
  await expect(firstBooking).toContainText("Traveller 2: details not given yet");

  const downloading = page.waitForEvent("download");
  await manifest.downloadCsv.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^manifest-gorilla-safari-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(await readFile((await download.path())!, "utf8")) as string[][];
  expect(rows[0]).toEqual([
    "Booking",
    "Lead Traveller",
    "Email",
    "Phone",
    "Group Size",
    "Payment Status",
    "Traveller",
    "Full Name (as on passport)",
    "Nationality",
    "Dietary",
    "Medical",
    "UWA Permit",
  ]);
  // One row per traveller: the first booking's three travellers, its lead's details given, each
  // with the UWA permit number staff typed.
  const sophie = rows.filter((r) => r[1] === "Sophie Laurent");
  expect(sophie.map((r) => [r[7], r[11]])).toEqual([
    ["Sophie Laurent", "UG-BW-4101"],
    ["Traveller 2: details not given yet", "UG-BW-4102"],
    ["Traveller 3: details not given yet", "UG-BW-4103"],
  ]);
  expect(sophie[0]?.[8]).toBe("French");
  // Daniel Mwangi's party holds its permits, their numbers not typed yet: the column is empty.
  expect(rows.filter((r) => r[1] === "Daniel Mwangi").map((r) => r[11])).toEqual(["", "", ""]);

  await manifest.daySheetLink.click();
  await expect(page).toHaveURL(/\/admin\/departures\/[0-9a-f-]{36}\/day-sheet$/);
  const sheet = new DaySheetPage(page);
  await expect(page.getByRole("heading", { level: 1, name: /Gorilla/ })).toBeVisible();
  await expect(sheet.table).toContainText("Sophie Laurent");
  await expect(sheet.print).toBeVisible();
  // No payment data and no admin chrome on the guide's sheet.
  await expect(page.getByText(/Paid|Deposit Made|Pending|USD|\$/)).toHaveCount(0);
  await expect(page.getByRole("navigation")).toHaveCount(0);
  // On paper: the print button is gone (app/admin/(print)/day-sheet.css).
  await page.emulateMedia({ media: "print" });
  await expect(sheet.print).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await sheet.back.click();
  await expect(manifest.departure).toBeVisible();
});

test("a customer gives their travellers' details in My Bookings, and staff see them", async ({
  page,
  mobile,
  toasts,
}) => {
  await signInAsCustomer(page, DEMO_ACCOUNTS.customer, "/customer/bookings");
  const area = new CustomerArea(page, mobile);
  const list = area.main.getByRole("list", { name: "Bookings" });
  const gorilla = list.getByRole("listitem").filter({ hasText: "Gorilla Trek" });
  await gorilla.getByRole("button", { name: /View Details/ }).click();
  const dialog = page.getByRole("dialog");
  const form = dialog.getByRole("form", { name: "Traveller details" });
  await expect(form.getByRole("group", { name: "Traveller 1 (lead)" })).toBeVisible();

  const second = form.getByRole("group", { name: "Traveller 2" });
  // A detail without the name is refused on its field.
  await second.getByLabel("Full name (as on passport)").fill("");
  await second.getByLabel("Nationality").fill("Kenyan");
  await form.getByRole("button", { name: "Save Traveller Details" }).click();
  await expect(second.getByText("Enter the full name as on the passport")).toBeVisible();

  const lead = form.getByRole("group", { name: "Traveller 1 (lead)" });
  await lead.getByLabel("Full name (as on passport)").fill("Sarah Jane Mitchell");
  await lead.getByLabel("Nationality").fill("British");
  await lead.getByLabel("Dietary needs").fill("Vegetarian");
  await second.getByLabel("Full name (as on passport)").fill("Peter Otieno Mitchell");
  await second.getByLabel("Medical notes").fill("Asthma: carries an inhaler");
  await form.getByRole("button", { name: "Save Traveller Details" }).click();
  await toasts.expectToast("Traveller Details Saved", "Your travellers' details have been saved.");

  // Opened again after a reload, the details are there.
  await page.keyboard.press("Escape");
  await page.reload();
  await list
    .getByRole("listitem")
    .filter({ hasText: "Gorilla Trek" })
    .getByRole("button", { name: /View Details/ })
    .click();
  await expect(
    page
      .getByRole("dialog")
      .getByRole("group", { name: "Traveller 2" })
      .getByLabel("Medical notes"),
  ).toHaveValue("Asthma: carries an inhaler");
});
