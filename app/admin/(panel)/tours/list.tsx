import { FetchErrorToast } from "@/components/admin/tours/fetch-error-toast";
import { MediaPanel } from "@/components/admin/tours/media-panel";
import { EditTourDialog } from "@/components/admin/tours/tour-dialogs";
import { ToursTable } from "@/components/admin/tours/tours-table";
import { type AdminToursQuery, adminToursHref } from "@/lib/tours/list-query";
import { getTourForStaff, listToursForStaff } from "@/lib/tours/data/manage";
import { requireStaff } from "@/lib/session";
import { getTourPictures } from "@/lib/tours/data/media";
import { emptyPage } from "@/lib/list-query";
import { loggedRead } from "@/lib/logged-read";

/** One page of tours. A failed read is logged and toasted, and the list shows as empty. */
export async function ToursList({ query }: { query: AdminToursQuery }) {
  const me = await requireStaff();
  const result = await loggedRead(
    "admin tours",
    () => listToursForStaff(query.q, query.page),
    null,
  );
  return (
    <>
      {result ? null : (
        <FetchErrorToast message="The tours could not be loaded. Please refresh the page." />
      )}
      <ToursTable query={query} result={result ?? emptyPage()} canDelete={me.role === "admin"} />
    </>
  );
}

const closeHref = (query: AdminToursQuery) => adminToursHref(query, { edit: null, media: null });

/** ?edit=<id> opens the Edit dialog; an unknown id opens nothing. */
export async function EditTour({ query, id }: { query: AdminToursQuery; id: string }) {
  const tour = await loggedRead("admin tour", () => getTourForStaff(id), null);
  return tour ? <EditTourDialog key={tour.id} tour={tour} closeHref={closeHref(query)} /> : null;
}

/** ?media=<id> opens the Manage Media panel; an unknown id opens nothing. */
export async function TourMedia({ query, id }: { query: AdminToursQuery; id: string }) {
  const tour = await loggedRead("admin tour", () => getTourForStaff(id), null);
  const pictures = tour
    ? await loggedRead("admin tour pictures", () => getTourPictures(tour.id), null)
    : null;
  if (!tour || !pictures) return null;
  return (
    <MediaPanel
      key={tour.id}
      tourId={tour.id}
      title={tour.title}
      pictures={pictures}
      closeHref={closeHref(query)}
    />
  );
}
