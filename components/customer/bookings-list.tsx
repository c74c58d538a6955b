import Link from "next/link";
import { formatDay } from "@/lib/dates";
import { bookingRef, groupSizeLabel } from "@/lib/bookings/labels";

import { CalendarDays, Compass, SearchX, Users } from "@/components/icons";
import { ListPager, listPages } from "@/components/lists/list-pager";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { type BookingQuery, BOOKINGS_PAGE_SIZE, bookingsHref } from "@/lib/bookings/own-list-query";
import { type CustomerBooking, listMyBookings } from "@/lib/bookings/data/owned";
import { emptyPage } from "@/lib/list-query";
import { loggedRead } from "@/lib/logged-read";

import { BookingDetailsDialog } from "./booking-details-dialog";
import { BookingPayment } from "./booking-payment";
import { PaymentBadge } from "@/components/shared/status-badge";

import { BookingStatusBadge } from "./booking-status-badge";

/** One page of My Bookings, its count line, its empty states and the pager. */
export async function BookingsList({ query }: { query: BookingQuery }) {
  const result = await loggedRead("customer bookings", () => listMyBookings(query), {
    ...emptyPage<CustomerBooking>(),
    totalAll: 0,
  });
  const filtered = query.q !== "" || query.filter !== "all";

  if (result.totalAll === 0) {
    return (
      <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-border bg-card p-10 text-center">
        <Compass className="size-10 text-primary" aria-hidden="true" />
        <h2 className="font-display text-xl font-bold text-forest-deep">No bookings yet</h2>
        <p className="max-w-sm text-sm text-muted-foreground">
          When you book a trip it appears here, with its payment status and your guide.
        </p>
        <div className="mt-1 flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link href="/customer/new-booking">Book New Trip</Link>
          </Button>
          <Button asChild variant="outline" className="bg-card">
            <Link href="/tours">Browse Tours</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      <p className="text-sm text-muted-foreground" role="status">
        {filtered
          ? `${result.total} of ${result.totalAll} ${result.totalAll === 1 ? "booking" : "bookings"} match`
          : `You have ${result.totalAll} ${result.totalAll === 1 ? "booking" : "bookings"}`}
      </p>

      {result.items.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-border bg-card p-10 text-center">
          <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="font-display text-lg font-bold text-forest-deep">No bookings found</h2>
          <p className="text-sm text-muted-foreground">Try another search or show all bookings.</p>
          <Button asChild variant="outline" className="bg-card">
            <Link href="/customer/bookings">Clear Filters</Link>
          </Button>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3" aria-label="Bookings">
          {result.items.map((b) => (
            <li
              key={b.id}
              className="rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:p-5"
            >
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <h2 className="font-semibold break-words text-forest-deep">{b.tourPackage}</h2>
                  <p className="mt-0.5 font-mono text-xs text-muted-foreground">
                    Booking {bookingRef(b.id)}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2 sm:justify-end">
                  <BookingStatusBadge status={b.status} />
                  <PaymentBadge status={b.paymentStatus} />
                </div>
              </div>
              <div className="mt-3 flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
                <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                  <span className="inline-flex items-center gap-1.5">
                    <CalendarDays className="size-4" aria-hidden="true" />
                    {b.departureDate ? formatDay(b.departureDate) : "Date to be confirmed"}
                  </span>
                  <span className="inline-flex items-center gap-1.5">
                    <Users className="size-4" aria-hidden="true" />
                    {groupSizeLabel(b.groupSize)}
                  </span>
                  <span>Booked {formatDay(b.createdAt)}</span>
                </p>
                <BookingDetailsDialog booking={b} />
              </div>
              <BookingPayment booking={b} />
            </li>
          ))}
        </ul>
      )}

      <ListPager
        pages={listPages("Bookings pages", "bookings", BOOKINGS_PAGE_SIZE)}
        result={result}
        href={(page) => bookingsHref(query, { page })}
      />
    </div>
  );
}

export function BookingsListSkeleton() {
  return (
    <div
      role="status"
      className="grid grid-cols-1 gap-3"
      aria-busy="true"
      aria-label="Loading bookings"
    >
      <Skeleton className="h-5 w-40" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-32 rounded-2xl" />
      ))}
    </div>
  );
}
