import { groupSizeLabel, shortId } from "@/lib/booking-labels";
import type { PayableBooking } from "@/lib/dal/pay-page";
import { formatDay } from "@/lib/dates";
import { formatMoney } from "@/lib/payments/ledger";

import { PayRow } from "./pay-card";

/** The booking a pay link pays: what it is, its total and what is paid so far. */
export function PayBookingSummary({ booking }: { booking: PayableBooking }) {
  const money = (minor: number) => formatMoney(minor, booking.currency);
  const dates = booking.departureDate
    ? booking.endDate
      ? `${formatDay(booking.departureDate)} to ${formatDay(booking.endDate)}`
      : formatDay(booking.departureDate)
    : "To be confirmed";
  return (
    <dl className="mt-6 rounded-xl border border-border/70 p-4" aria-label="Booking">
      <PayRow label="Booking">#{shortId(booking.id)}</PayRow>
      <PayRow label="Tour">{booking.tourPackage}</PayRow>
      <PayRow label="Dates">{dates}</PayRow>
      <PayRow label="Travellers">{groupSizeLabel(booking.groupSize)}</PayRow>
      <PayRow label="Lead traveller">{booking.leadName}</PayRow>
      <PayRow label="Total">
        {booking.totalMinor === null ? "Not quoted yet" : money(booking.totalMinor)}
      </PayRow>
      <PayRow label="Paid so far">{money(booking.paidMinor)}</PayRow>
      {booking.due.balanceDueOn && booking.due.balanceMinor > 0 ? (
        <PayRow label="Balance due by">{formatDay(booking.due.balanceDueOn)}</PayRow>
      ) : null}
    </dl>
  );
}
