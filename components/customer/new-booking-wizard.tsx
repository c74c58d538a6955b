"use client";

import Link from "next/link";
import { formatTripDay, todayInKampala } from "@/lib/dates";
import { departureRange, type PublicDeparture } from "@/lib/departures/rules";
import { groupSizeLabel } from "@/lib/bookings/labels";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useWatch } from "react-hook-form";

import { createCustomerBookingAction } from "@/actions/bookings";
import * as Booking from "@/components/booking/booking-fields";
import { BookingWizardForm, useBookingWizard } from "@/components/booking/booking-wizard";
import { DepartureChoice } from "@/components/booking/departure-choice";
import { PriceSummary } from "@/components/booking/price-summary";
import { type WizardPricing, wizardPrice } from "@/lib/bookings/price";
import { TravellerRows } from "@/components/booking/traveller-rows";
import { CheckboxField } from "@/components/forms/choice-fields";
import { carryToast } from "@/components/site/carried-toast";
import { DateField, NameField, PhoneField, TextareaField } from "@/components/forms/form-field";
import { type BookingTourOption, type DateChoicesBySlug, seatCap } from "@/lib/bookings/packages";
import {
  CUSTOMER_ACCOMMODATION_OPTIONS,
  CUSTOMER_BOOKING_STEPS,
  CUSTOMER_GROUP_SIZE_MAX,
  type CustomerBookingFormValues,
  customerBookingSchema,
} from "@/lib/bookings/schemas/customer-request";
import { LIMITS } from "@/lib/fields";

const GROUP_SIZES = Array.from({ length: CUSTOMER_GROUP_SIZE_MAX }, (_, i) => ({
  value: String(i + 1),
  label: groupSizeLabel(i + 1),
}));

const linkClass = "text-primary underline underline-offset-2";

/**
 * Book New Trip (/customer/new-booking): Personal Information, Trip Details, Additional
 * Information (with the optional Travellers on a scheduled departure). Next is disabled until the
 * step's required fields are filled; Submit until the terms are accepted. The email comes from the
 * account on the server.
 */
export function NewBookingWizard({
  tourOptions,
  defaults,
  dateChoices = {},
  pricing,
}: {
  tourOptions: BookingTourOption[];
  defaults: { fullName: string; phone: string };
  /** The figures the server prices a booking with, for the price shown from the trip step on. */
  pricing?: WizardPricing;
  /** The dated departures of the tours that sell them, by slug (fresh from the server). */
  dateChoices?: DateChoicesBySlug;
}) {
  const router = useRouter();
  const [today] = useState(() => todayInKampala());
  const wizard = useBookingWizard<CustomerBookingFormValues>({
    steps: CUSTOMER_BOOKING_STEPS,
    schema: customerBookingSchema,
    action: createCustomerBookingAction,
    defaultValues: {
      fullName: defaults.fullName,
      phone: defaults.phone,
      address: "",
      tour: "",
      departure: "",
      departureDate: "",
      groupSize: "1",
      accommodation: "",
      dietary: "",
      specialRequests: "",
      travellers: [],
      terms: undefined,
    },
    failure: {
      title: "Submission Error",
      message: "There was an error submitting your booking. Please try again.",
    },
    // The request's confirmation page (My Bookings if an older server answered without it): the
    // site's document, whose page shows the success toast again once loaded.
    onSuccess: (state) => {
      carryToast(state);
      router.push(state.data?.confirmation ?? "/customer/bookings");
    },
  });
  const watched = useWatch({ control: wizard.form.control });
  const tourDates = watched.tour ? dateChoices[watched.tour] : undefined;
  const canContinue =
    wizard.step === 0
      ? !!watched.fullName?.trim() && !!watched.phone?.trim()
      : wizard.step === 1
        ? // A tour sold on its departures only needs one of its dates.
          !!watched.tour && (!tourDates || tourDates.privateTrips || !!watched.departure)
        : true;
  const selected = tourOptions.find((o) => o.value === watched.tour);
  const cap = seatCap(tourDates, watched.departure);
  const chosenDeparture = tourDates?.departures.find((d) => d.id === watched.departure);
  const tripDates = chosenDeparture
    ? departureRange(chosenDeparture.startDate, chosenDeparture.endDate)
    : watched.departureDate
      ? formatTripDay(watched.departureDate)
      : null;
  const price = wizardPrice(pricing, {
    tour: watched.tour,
    departureId: chosenDeparture?.id,
    startDate: chosenDeparture?.startDate ?? watched.departureDate,
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
      tour={selected?.label ?? null}
      dates={tripDates}
      price={price}
      departure={Boolean(chosenDeparture)}
      priced={Boolean(watched.tour && pricing?.tours[watched.tour]?.packages.length)}
    />
  );

  return (
    <BookingWizardForm
      wizard={wizard}
      idPrefix="nb"
      indicator="dots"
      canContinue={canContinue}
      canSubmit={watched.terms === "true" || watched.terms === "on"}
      // One of the tour's dates goes on to pay; 'Another date (private trip)' stays a request.
      paying={Boolean(chosenDeparture)}
      className="gap-6"
    >
      <Booking.Step
        index={0}
        current={wizard.step}
        className="grid grid-cols-1 gap-5 sm:grid-cols-2"
      >
        <Booking.Booking tour={selected?.label} dates={tripDates} />
        <NameField name="fullName" label="Full Name" required />
        <PhoneField name="phone" label="Phone Number" required placeholder="+256 7XX XXX XXX" />
        <TextareaField
          name="address"
          label="Address"
          hint="Optional"
          rows={3}
          autoComplete="street-address"
          maxLength={LIMITS.requests}
          className="sm:col-span-2"
        />
      </Booking.Step>

      <Booking.Step
        index={1}
        current={wizard.step}
        className="grid grid-cols-1 gap-5 sm:grid-cols-2"
      >
        <Booking.TourPackageField label="Tour Package" tours={tourOptions} />
        <DepartureChoice
          priceOf={datePrice}
          tour={watched.tour ?? ""}
          choices={tourDates}
          tourTitle={selected?.label ?? "this tour"}
          fill={(departure) => ({ departureDate: departure?.startDate ?? "" })}
          dateFields={
            <DateField name="departureDate" label="Preferred Departure Date" min={today} />
          }
        />
        <Booking.GroupSizeField options={GROUP_SIZES} cap={cap} />
        <Booking.AccommodationField options={CUSTOMER_ACCOMMODATION_OPTIONS} />
        {priceSummary}
      </Booking.Step>

      <Booking.Step index={2} current={wizard.step} className="grid grid-cols-1 gap-5">
        <Booking.RequestFields dietaryLabel="Dietary Restrictions" specialRequestsRows={3} />
        <TravellerRows
          leadName={watched.fullName ?? ""}
          note="You can add or change these later in My Bookings."
          permitTour={permitTour}
        />
        <CheckboxField
          name="terms"
          required
          label="I accept the terms and conditions and privacy policy *"
          description={
            <p className="pl-8 text-xs text-muted-foreground">
              Read our{" "}
              <Link href="/terms" target="_blank" className={linkClass}>
                terms
              </Link>{" "}
              and{" "}
              <Link href="/privacy" target="_blank" className={linkClass}>
                privacy policy
              </Link>
              .
            </p>
          }
        />
        <Booking.Summary
          id="nb-summary"
          rows={[
            { label: "Package", value: selected?.label ?? "Not selected" },
            { label: "Group Size", value: groupSizeLabel(Number(watched.groupSize) || 1) },
            { label: "Departure", value: tripDates ?? "To be confirmed" },
          ]}
        />
        {priceSummary}
      </Booking.Step>
    </BookingWizardForm>
  );
}
