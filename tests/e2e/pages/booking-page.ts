import { expect, type Locator } from "@playwright/test";

import { Toasts } from "./toasts";
import { PageObject } from "./page-object";
import { choosePrivateTrip } from "./private-trip";

export type PersonalInfo = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  country: string;
};
export type TripDetails = {
  /** Part of the package's option name, e.g. 'Gorilla Trek & Safari Escape (5 Days)'. */
  tour: string;
  startDate: string;
  endDate?: string;
  /** Option name: '1 person', '2 people' … '9+ people'. */
  groupSize: string;
  /** Option name: Budget, Standard, Luxury, Mixed. */
  accommodation?: string;
};

/** Step 1's fields of a traveller: the first word of `fullName` is the first name. */
export function traveller(
  fullName: string,
  email: string,
  phone: string,
  country: string,
): PersonalInfo {
  const [firstName = "", ...rest] = fullName.split(" ");
  return { firstName, lastName: rest.join(" "), email, phone, country };
}

/** /booking: the three-step public booking request wizard. */
export class BookingPage extends PageObject {
  readonly toasts = new Toasts(this.page);
  readonly steps = this.page.getByRole("list", { name: "Booking steps" }).getByRole("listitem");
  readonly currentStep = this.page
    .getByRole("list", { name: "Booking steps" })
    .locator('[aria-current="step"]');
  readonly stepHeading = this.page.locator("#booking-step-heading");
  readonly next = this.page.getByRole("button", { name: "Next", exact: true });
  readonly previous = this.page.getByRole("button", { name: "Previous", exact: true });
  readonly submit = this.page.getByRole("button", { name: /^(Submit Booking|Submitting\.\.\.)$/ });
  readonly terms = this.page.getByRole("checkbox", { name: /I agree to the Terms and Conditions/ });
  readonly newsletter = this.page.getByRole("checkbox", { name: /Subscribe to our newsletter/ });
  readonly summary = this.page.getByRole("region", { name: "Booking Summary" });
  readonly formMessage = this.page.getByRole("alert").filter({ hasText: /./ });
  /** 'Another date (private trip)' of a tour that sells departures and runs privately. */
  readonly privateTrip = this.page.getByRole("radio", { name: /^Another date \(private trip\)/ });

  async goto(query = "") {
    const response = await this.page.goto(`/booking${query}`);
    await expect(this.stepHeading).toHaveText("Personal Info");
    return response;
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** The error under a field (tied to it with aria-describedby). */
  async errorOf(label: string): Promise<string> {
    const field = this.field(label);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    const ids = (await field.getAttribute("aria-describedby")) ?? "";
    const errorId = ids.split(" ").find((id) => id.endsWith("-error"));
    return (await this.page.locator(`[id="${errorId}"]`).textContent()) ?? "";
  }

  async choose(label: string, option: string) {
    await this.field(label).click();
    await this.page.getByRole("option", { name: option }).click();
    await expect(this.page.getByRole("listbox")).toBeHidden();
  }

  async fillPersonal(info: PersonalInfo) {
    await this.field("First Name").fill(info.firstName);
    await this.field("Last Name").fill(info.lastName);
    await this.field("Email Address").fill(info.email);
    await this.field("Phone Number").fill(info.phone);
    await this.field("Country of Residence").fill(info.country);
  }

  /** Step 1 filled and Next pressed: the Trip Details step shows. */
  async toTripDetails(info: PersonalInfo) {
    await this.fillPersonal(info);
    await this.next.click();
    await this.expectStep("Trip Details");
  }

  /**
   * On the Confirmation step: the terms accepted and the request sent; the browser is on the
   * request's confirmation page. Returns the reference it shows.
   */
  async send(): Promise<string> {
    await this.terms.check();
    await this.submit.click();
    return this.expectRequested();
  }

  /** The request's confirmation page (/booking/requested/<token>): its reference. */
  async expectRequested(): Promise<string> {
    await expect(this.page).toHaveURL(/\/booking\/requested\/[A-Za-z0-9_-]{74}$/);
    await expect(
      this.page.getByRole("heading", { level: 1, name: "Booking Request Submitted!" }),
    ).toBeVisible();
    await expect(this.page.getByText("Submission Failed")).toBeHidden();
    return (await this.reference.textContent()) ?? "";
  }

  /** The reference on the request's confirmation page ('3F2B8C1E'). */
  readonly reference = this.page.getByText(/^[0-9A-F]{8}$/);

  /**
   * On the Confirmation step of a dated departure: the terms accepted and 'Continue to payment'
   * pressed; the seats are held and the browser is on the booking's pay page.
   */
  async continueToPayment() {
    await this.terms.check();
    await this.page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(this.page).toHaveURL(/\/pay\/[A-Za-z0-9_-]{74}$/);
    // Sent on to pay is no failure: no toast says so.
    await expect(this.page.getByText("Submission Failed")).toBeHidden();
  }

  /** A whole request from the wizard's own page, through the three steps, to its confirmation page. */
  async request(info: PersonalInfo, trip: TripDetails) {
    await this.goto();
    await this.toTripDetails(info);
    await this.fillTrip(trip);
    await this.next.click();
    return this.send();
  }

  /** A dated departure of the chosen tour, by its dates ('Sat 12 - Fri 18 Jun 2027'). */
  departure(range: string): Locator {
    return this.page.getByRole("radio", { name: new RegExp(`^${escapeRegExp(range)}`) });
  }

  /** The radio card around a departure: its seats, Guaranteed, price, the waitlist. */
  departureCard(range: string): Locator {
    return this.page
      .locator("div")
      .filter({ has: this.departure(range) })
      .last();
  }

  /** The group sizes offered (open the list, read it, close it). */
  async groupSizes(): Promise<string[]> {
    await this.field("Group Size").click();
    const names = await this.page.getByRole("option").allTextContents();
    await this.page.keyboard.press("Escape");
    await expect(this.page.getByRole("listbox")).toBeHidden();
    return names;
  }

  /**
   * The trip's fields. A tour that sells departures shows its dates first: the typed date is
   * then 'Another date (private trip)'.
   */
  async fillTrip(trip: TripDetails) {
    await this.choose("Preferred Tour Package", trip.tour);
    const startDate = this.field("Preferred Start Date");
    await expect(startDate.or(this.privateTrip).first()).toBeVisible();
    await choosePrivateTrip(this.privateTrip);
    await startDate.fill(trip.startDate);
    if (trip.endDate !== undefined) await this.field("End Date (optional)").fill(trip.endDate);
    await this.choose("Group Size", trip.groupSize);
    if (trip.accommodation) await this.choose("Accommodation Preference", trip.accommodation);
  }

  async expectStep(name: "Personal Info" | "Trip Details" | "Confirmation") {
    await expect(this.stepHeading).toHaveText(name);
    await expect(this.currentStep).toHaveCount(1);
    await expect(this.currentStep).toContainText(name);
  }

  summaryValue(label: string): Locator {
    return this.summary
      .locator("div")
      .filter({ has: this.page.locator("dt", { hasText: label }) })
      .locator("dd");
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
