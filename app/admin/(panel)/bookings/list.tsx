import {
  AdminBookingsList,
  AdminBookingsToolbar,
} from "@/components/admin/bookings/admin-bookings-list";
import { EditBookingDialog } from "@/components/admin/bookings/edit-booking-dialog";
import { type AdminBookingQuery, adminBookingsHref } from "@/lib/bookings/list-query";
import {
  getBookingForEdit,
  listAdminBookings,
  listBookingTourPackages,
} from "@/lib/bookings/data/manage";
import { emptyPage } from "@/lib/list-query";
import { loggedRead } from "@/lib/logged-read";

/** The page of bookings; a failed read is logged and the list shows as empty. */
export async function BookingsList({ query }: { query: AdminBookingQuery }) {
  const result = await loggedRead("admin bookings", () => listAdminBookings(query), emptyPage());
  return <AdminBookingsList query={query} result={result} />;
}

/** The toolbar with the tour filter's values (booked tours). */
export async function BookingsToolbar({ query }: { query: AdminBookingQuery }) {
  const tours = await loggedRead("admin booking tours", () => listBookingTourPackages(), []);
  return <AdminBookingsToolbar tour={query.tour} tours={tours} />;
}

/** ?edit=<id> opens the Edit dialog; an unknown id opens nothing. */
export async function EditDialog({ query, id }: { query: AdminBookingQuery; id: string }) {
  const booking = await loggedRead("admin booking", () => getBookingForEdit(id), null);
  if (!booking) return null;
  return (
    <EditBookingDialog booking={booking} closeHref={adminBookingsHref(query, { edit: null })} />
  );
}
