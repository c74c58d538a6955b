import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";

import { BookingDetailsDialog } from "@/components/customer/booking-details-dialog";
import { BookingsList, BookingsListSkeleton } from "@/components/customer/bookings-list";
import { BookingsToolbar } from "@/components/customer/bookings-toolbar";
import { Screen } from "@/components/shared/page-header";
import { Plus } from "@/components/icons";
import { LinkButton } from "@/components/site/link-button";
import { parseBookingQuery } from "@/lib/bookings/own-list-query";
import { getMyBooking } from "@/lib/bookings/data/owned";
import { firstParam, type SearchParams } from "@/lib/list-query";

export const metadata: Metadata = { title: "My Bookings" };

/** ?view=<id> opens one booking's details; someone else's id is not found. */
async function BookingDeepLink({ id }: { id: string }) {
  const booking = await getMyBooking(id);
  if (!booking) notFound();
  return (
    <div className="sr-only">
      <BookingDetailsDialog booking={booking} defaultOpen />
    </div>
  );
}

export default async function MyBookingsPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const query = parseBookingQuery(params);
  const view = firstParam(params.view);
  return (
    <Screen
      title="My Bookings"
      description="Your trips, their payment status and your guides."
      actions={
        <LinkButton href="/customer/new-booking" icon={Plus}>
          Book New Trip
        </LinkButton>
      }
    >
      <BookingsToolbar />
      <Suspense
        key={`${query.q}|${query.filter}|${query.page}`}
        fallback={<BookingsListSkeleton />}
      >
        <BookingsList query={query} />
      </Suspense>
      {view ? <BookingDeepLink id={view} /> : null}
    </Screen>
  );
}
