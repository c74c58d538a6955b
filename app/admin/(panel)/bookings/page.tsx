import type { Metadata } from "next";
import { Suspense } from "react";

import {
  AdminBookingsListSkeleton,
  AdminBookingsToolbar,
} from "@/components/admin/bookings/admin-bookings-list";
import { OpenedByUrl } from "@/components/admin/list/opened-by-url";
import { Screen } from "@/components/shared/page-header";
import { parseAdminBookingQuery } from "@/lib/bookings/list-query";
import type { SearchParams } from "@/lib/list-query";

import { BookingsList, BookingsToolbar, EditDialog } from "./list";

export const metadata: Metadata = { title: "Bookings" };

/** /admin/bookings: booking requests, newest first, searched, filtered and paged in the URL. */
export default async function AdminBookingsPage({ searchParams }: { searchParams: SearchParams }) {
  const query = parseAdminBookingQuery(await searchParams);
  return (
    <Screen title="Bookings" description="Booking requests, payments and guides, newest first.">
      <Suspense fallback={<AdminBookingsToolbar tour={query.tour} tours={[]} />}>
        <BookingsToolbar query={query} />
      </Suspense>
      <Suspense
        key={`${query.q}|${query.tour}|${query.range}|${query.balance}|${query.page}`}
        fallback={<AdminBookingsListSkeleton />}
      >
        <BookingsList query={query} />
      </Suspense>
      <OpenedByUrl id={query.edit}>
        {(id) => <EditDialog key={id} query={query} id={id} />}
      </OpenedByUrl>
    </Screen>
  );
}
