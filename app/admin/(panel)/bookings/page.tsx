import type { Metadata } from "next";
import { Suspense } from "react";

import {
  AdminBookingsList,
  AdminBookingsListSkeleton,
} from "@/components/admin/bookings/admin-bookings-list";
import { AdminBookingsToolbar } from "@/components/admin/bookings/bookings-toolbar";
import { EditBookingDialog } from "@/components/admin/bookings/edit-booking-dialog";
import { PageHeader } from "@/components/shared/page-header";
import {
  type AdminBookingQuery,
  adminBookingsHref,
  parseAdminBookingQuery,
} from "@/lib/admin-bookings";
import {
  EMPTY_ADMIN_BOOKING_PAGE,
  getBookingForEdit,
  listAdminBookings,
  listBookingTourPackages,
} from "@/lib/dal/admin-bookings";
import { loggedRead } from "@/lib/logged-read";

export const metadata: Metadata = { title: "Bookings", robots: { index: false, follow: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The page of bookings (a failed read is logged and shows an empty list: spec section 8). */
async function Results({ query }: { query: AdminBookingQuery }) {
  const result = await loggedRead(
    "admin bookings",
    () => listAdminBookings(query),
    EMPTY_ADMIN_BOOKING_PAGE,
  );
  return <AdminBookingsList query={query} result={result} />;
}

async function Toolbar({ query }: { query: AdminBookingQuery }) {
  const tours = await loggedRead("admin booking tours", () => listBookingTourPackages(), []);
  return <AdminBookingsToolbar q={query.q} tour={query.tour} range={query.range} tours={tours} />;
}

/** ?edit=<id> opens the Edit dialog; an unknown id opens nothing. */
async function EditDialog({ query, id }: { query: AdminBookingQuery; id: string }) {
  const booking = await loggedRead("admin booking", () => getBookingForEdit(id), null);
  if (!booking) return null;
  return (
    <EditBookingDialog booking={booking} closeHref={adminBookingsHref(query, { edit: null })} />
  );
}

export default async function AdminBookingsPage({ searchParams }: { searchParams: SearchParams }) {
  const query = parseAdminBookingQuery(await searchParams);
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Bookings"
        description="Booking requests, payments and guides, newest first."
      />
      <Suspense
        fallback={
          <AdminBookingsToolbar q={query.q} tour={query.tour} range={query.range} tours={[]} />
        }
      >
        <Toolbar query={query} />
      </Suspense>
      <Suspense
        key={`${query.q}|${query.tour}|${query.range}|${query.page}`}
        fallback={<AdminBookingsListSkeleton />}
      >
        <Results query={query} />
      </Suspense>
      {query.edit ? (
        <Suspense fallback={null}>
          <EditDialog key={query.edit} query={query} id={query.edit} />
        </Suspense>
      ) : null}
    </div>
  );
}
