"use client";

import Link from "next/link";
import { useState } from "react";
import { type DefaultValues, useWatch } from "react-hook-form";

import { submitBookingAction } from "@/actions/bookings";
import * as Booking from "@/components/booking/booking-fields";
import { BookingWizardForm, useBookingWizard } from "@/components/booking/booking-wizard";
import { DepartureChoice } from "@/components/booking/departure-choice";
import { PriceSummary } from "@/components/booking/price-summary";
import { TravellerRows } from "@/components/booking/traveller-rows";
import { CheckboxField } from "@/components/forms/choice-fields";
import {
  CountryField,
  DateField,
  EmailField,
  NameField,
  PhoneField,
} from "@/components/forms/form-field";
import { WhatsAppChat } from "@/components/site/whatsapp-button";
import { type BookingTourOption, type DateChoicesBySlug, seatCap } from "@/lib/bookings/packages";
import { todayInKampala } from "@/lib/dates";
import { departureRange, type PublicDeparture } from "@/lib/departures/rules";
import { type WizardPricing, wizardPrice } from "@/lib/bookings/price";
import {
  PUBLIC_ACCOMMODATION_OPTIONS,
  PUBLIC_BOOKING_STEPS,
  PUBLIC_GROUP_SIZE_OPTIONS,
  type PublicBookingFormValues,
  publicBookingSchema,
} from "@/lib/bookings/schemas/request";

const EMPTY: DefaultValues<PublicBookingFormValues> = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  country: "",
  tour: "",
  departure: "",
  startDate: "",
  endDate: "",
  groupSize: "",
  accommodation: "",
  dietary: "",
  specialRequests: "",
  travellers: [],
  terms: undefined,
  newsletter: "",
  hold: "",
};

const isDay = (value: string | null | undefined): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

const linkClass = "font-medium text-primary underline underline-offset-2";

/**
 * The public booking request wizard (/booking): Personal Info, Trip Details, Confirmation (with
 * the optional Travellers on a scheduled departure). The same zod schema validates each step here
 * and the whole request in the server action. On a departure the seats are then held and the
 * browser goes on to pay (the action redirects to the pay page); a private trip's request goes to
 * its confirmation page (/booking/requested/<token>), which keeps its reference.
 */
export function PublicBookingWizard({
  tourOptions,
  defaultTour = "",
  dateChoices = {},
  defaultDeparture,
  hold,
  pricing,
  defaultAccommodation = "",
}: {
  tourOptions: BookingTourOption[];
  defaultTour?: string;
  /** The dated departures of the tours that sell them, by slug (fresh from the server). */
  dateChoices?: DateChoicesBySlug;
  /** The departure a Book link opened the wizard on (?departure=), with its dates. */
  defaultDeparture?: { id: string; startDate: string; endDate: string };
  /** A waitlist offer's token (?hold=), sent with the booking: its seats are this visitor's. */
  hold?: string;
  /** The figures the server prices a booking with, for the price shown from the trip step on. */
  pricing?: WizardPricing;
  /** The tier chosen on the tour page ('Select Package'), as an accommodation value. */
  defaultAccommodation?: PublicBookingFormValues["accommodation"];
}) {
  const [today] = useState(() => todayInKampala());
  const wizard = useBookingWizard<PublicBookingFormValues>({
    steps: PUBLIC_BOOKING_STEPS,
    schema: publicBookingSchema,
    action: submitBookingAction,
    defaultValues: {
      ...EMPTY,
      tour: defaultTour,
      ...(defaultDeparture
        ? {
            departure: defaultDeparture.id,
            startDate: defaultDeparture.startDate,
            endDate: defaultDeparture.endDate,
          }
        : {}),
      accommodation: defaultAccommodation,
      hold: hold ?? "",
    },
    failure: {
      title: "Submission Failed",
      message: "There was an unexpected error. Please try again or contact us directly.",
    },
    honeypot: "booking-website",
    // Only an answer that sends the browser nowhere (a filled honeypot) ends up here.
    onSuccess: (_state, form) => {
      form.reset({ ...EMPTY });
      wizard.goTo(0);
    },
  });
  const watched = useWatch({ control: wizard.form.control });
  const selectedTour = tourOptions.find((o) => o.value === watched.tour);
  const tourDates = watched.tour ? dateChoices[watched.tour] : undefined;
  // Seats held by a waitlist offer are this visitor's: their group is not limited below them.
  const heldDepartureId = hold ? defaultDeparture?.id : undefined;
  const cap = seatCap(tourDates, watched.departure, heldDepartureId);

  const chosenDeparture = tourDates?.departures.find((d) => d.id === watched.departure);
  const tripDates = chosenDeparture
    ? departureRange(chosenDeparture.startDate, chosenDeparture.endDate)
    : isDay(watched.startDate)
      ? departureRange(
          watched.startDate,
          isDay(watched.endDate) && watched.endDate >= watched.startDate
            ? watched.endDate
            : watched.startDate,
        )
      : null;
  const price = wizardPrice(pricing, {
    tour: watched.tour,
    departureId: chosenDeparture?.id,
    startDate: chosenDeparture?.startDate ?? watched.startDate,
    accommodation: watched.accommodation,
    groupSize: watched.groupSize,
    travellers: watched.travellers,
    today,
  });
  const permitTour = Boolean(watched.tour && pricing?.tours[watched.tour]?.permit);
  // Each date's price per person at the tier chosen (its own price when it has one).
  const datePrice = (departure: PublicDeparture) =>
    wizardPrice(pricing, {
      tour: watched.tour,
      departureId: departure.id,
      startDate: departure.startDate,
      accommodation: watched.accommodation,
      groupSize: 1,
      today,
    });
  const priceSummary = (
    <PriceSummary
      tour={selectedTour?.label ?? null}
      dates={tripDates}
      price={price}
      departure={Boolean(chosenDeparture)}
      priced={Boolean(watched.tour && pricing?.tours[watched.tour]?.packages.length)}
    />
  );

  const name = [watched.firstName?.trim(), watched.lastName?.trim()].filter(Boolean).join(" ");
  const summary = [
    { label: "Name", value: name || "Not specified" },
    { label: "Email", value: watched.email?.trim() || "Not specified" },
    { label: "Package", value: selectedTour?.label ?? "Not selected" },
    {
      label: "Travel Date",
      value: tripDates ?? "Not specified",
    },
    {
      label: "Group Size",
      value:
        PUBLIC_GROUP_SIZE_OPTIONS.find((o) => o.value === String(watched.groupSize ?? ""))?.label ??
        "Not specified",
    },
  ];

  const chatText = selectedTour
    ? `Hello! I'd like to book the ${selectedTour.label}. Can you help me?`
    : "Hello! I'd like some help booking a tour.";

  return (
    <div className="grid gap-8">
      <BookingWizardForm
        wizard={wizard}
        idPrefix="booking"
        indicator="labelled"
        canSubmit={watched.terms === "true" || watched.terms === "on"}
        // One of the tour's dates goes on to pay; 'Another date (private trip)' stays a request.
        paying={Boolean(chosenDeparture)}
      >
        <Booking.Step index={0} current={wizard.step} className="grid gap-5 sm:grid-cols-2">
          <Booking.Booking tour={selectedTour?.label} dates={tripDates} />
          <NameField name="firstName" label="First Name" part="given" required />
          <NameField name="lastName" label="Last Name" part="family" required />
          <EmailField name="email" label="Email Address" required />
          <PhoneField name="phone" label="Phone Number" required placeholder="+256 7XX XXX XXX" />
          <CountryField
            name="country"
            label="Country of Residence"
            required
            className="sm:col-span-2"
          />
        </Booking.Step>

        <Booking.Step index={1} current={wizard.step} className="grid gap-5 sm:grid-cols-2">
          <Booking.TourPackageField label="Preferred Tour Package" tours={tourOptions} />
          <DepartureChoice
            priceOf={datePrice}
            tour={watched.tour ?? ""}
            choices={tourDates}
            tourTitle={selectedTour?.label ?? "this tour"}
            heldDepartureId={heldDepartureId}
            fill={(departure) => ({
              startDate: departure?.startDate ?? "",
              endDate: departure?.endDate ?? "",
            })}
            emptyDateError="startDate"
            dateFields={
              <>
                <DateField name="startDate" label="Preferred Start Date" required min={today} />
                <DateField
                  name="endDate"
                  label="End Date (optional)"
                  min={watched.startDate || today}
                />
              </>
            }
          />
          <Booking.GroupSizeField
            options={PUBLIC_GROUP_SIZE_OPTIONS}
            cap={cap}
            placeholder="Select group size"
          />
          <Booking.AccommodationField options={PUBLIC_ACCOMMODATION_OPTIONS} />
          {priceSummary}
        </Booking.Step>

        <Booking.Step index={2} current={wizard.step} className="grid grid-cols-1 gap-5">
          <Booking.RequestFields dietaryLabel="Dietary Requirements" specialRequestsRows={4} />
          <TravellerRows
            leadName={name}
            note="You can also send them to us later."
            permitTour={permitTour}
          />
          <Booking.Summary id="booking-summary-heading" rows={summary} />
          {priceSummary}
          <div className="grid gap-4">
            <CheckboxField
              name="terms"
              required
              label={
                <>
                  I agree to the{" "}
                  <Link href="/terms" target="_blank" className={linkClass}>
                    Terms and Conditions
                  </Link>{" "}
                  and{" "}
                  <Link href="/privacy" target="_blank" className={linkClass}>
                    Privacy Policy
                  </Link>
                  <span aria-hidden="true" className="text-destructive">
                    {" *"}
                  </span>
                </>
              }
            />
            <CheckboxField
              name="newsletter"
              uncheckedValue=""
              label="Subscribe to our newsletter for travel tips and seasonal offers"
            />
          </div>
        </Booking.Step>
        {wizard.honeypot}
      </BookingWizardForm>

      <div className="flex flex-col items-start gap-3 rounded-xl bg-secondary/70 p-4 text-sm text-secondary-foreground sm:flex-row sm:items-center sm:justify-between">
        <p>Prefer to arrange everything by chat? Our team answers on WhatsApp.</p>
        <WhatsAppChat
          text={chatText}
          iconClassName="size-4"
          variant="outline"
          className="rounded-full border-[#1a7f4b] text-[#145f39] hover:bg-[#1a7f4b] hover:text-white"
        >
          Book via WhatsApp
        </WhatsAppChat>
      </div>
    </div>
  );
}
