import type { ReactNode } from "react";

import { bookingRef, groupSizeLabel } from "@/lib/bookings/labels";
import type { PayableBooking } from "@/lib/payments/data/checkout";
import { formatTripDates, formatTripDay } from "@/lib/dates";
import { formatMoney } from "@/lib/payments/ledger";

import { FeeRows } from "./fee-rows";
import { PayRow } from "./pay-card";

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2" : undefined}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium break-words text-foreground">{children}</dd>
    </div>
  );
}

/**
 * The booking a pay link pays: the trip first (its tour, dates, travellers), then the money (on a
 * permit tour the tour itself and each category's park fees, its total, what is paid so far and
 * when the balance is due).
 */
export function PayBookingSummary({ booking }: { booking: PayableBooking }) {
  const money = (minor: number) => formatMoney(minor, booking.currency);
  const dates = booking.departureDate
    ? formatTripDates(booking.departureDate, booking.endDate ?? booking.departureDate)
    : "To be confirmed";
  return (
    <section aria-label="Booking" className="mt-6 rounded-xl border border-border/70">
      <div className="p-4 sm:p-5">
        <p className="font-mono text-xs text-muted-foreground">Booking {bookingRef(booking.id)}</p>
        <h2 className="mt-1 font-display text-lg leading-snug font-bold text-forest-deep">
          {booking.tourPackage}
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3">
          <Fact label="Dates" wide>
            {dates}
          </Fact>
          <Fact label="Travellers">{groupSizeLabel(booking.groupSize)}</Fact>
          <Fact label="Lead traveller">{booking.leadName}</Fact>
        </dl>
      </div>
      <dl className="divide-y divide-border/70 border-t border-border/70 px-4 sm:px-5">
        {booking.fees.length && booking.totalMinor !== null ? (
          <>
            <PayRow label="Tour">{money(booking.totalMinor - booking.feesMinor)}</PayRow>
            <FeeRows fees={booking.fees} />
          </>
        ) : null}
        <PayRow label="Total">
          {booking.totalMinor === null ? "Not quoted yet" : money(booking.totalMinor)}
        </PayRow>
        <PayRow label="Paid so far">{money(booking.paidMinor)}</PayRow>
        {booking.due.balanceDueNow ? (
          <PayRow label="Balance due">Now</PayRow>
        ) : booking.due.balanceDueOn && booking.due.balanceMinor > 0 ? (
          <PayRow label="Balance due by">{formatTripDay(booking.due.balanceDueOn)}</PayRow>
        ) : null}
      </dl>
    </section>
  );
}
