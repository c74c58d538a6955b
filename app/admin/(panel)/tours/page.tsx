import type { Metadata } from "next";

import { FetchErrorToast } from "@/components/admin/tours/fetch-error-toast";
import { MediaPanel } from "@/components/admin/tours/media-panel";
import { AddTourButton, EditTourDialog } from "@/components/admin/tours/tour-dialogs";
import { ToursSearch } from "@/components/admin/tours/tours-search";
import { ToursTable } from "@/components/admin/tours/tours-table";
import { PageHeader } from "@/components/shared/page-header";
import { Route } from "@/components/icons";
import { EmptyState } from "@/components/site/empty-state";
import { type AdminTourRow, getTourForStaff, listToursForStaff } from "@/lib/dal/admin-tours";
import { requireStaff } from "@/lib/dal/session";
import { getTourPictures } from "@/lib/dal/tour-media";
import { loggedRead } from "@/lib/logged-read";
import { tourSearchSchema } from "@/lib/validations/tours";

export const metadata: Metadata = { title: "Tours", robots: { index: false, follow: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

/**
 * /admin/tours (A92-A130): every tour, newest first, searched by title or slug. ?edit=<id> opens
 * the Edit dialog, ?media=<id> the Manage Media panel. A failed read is toasted (A100).
 */
export default async function AdminToursPage({ searchParams }: { searchParams: SearchParams }) {
  const me = await requireStaff();
  const params = await searchParams;
  const { q } = tourSearchSchema.parse({ q: one(params.q) });
  const editId = one(params.edit);
  const mediaId = one(params.media);

  let tours: AdminTourRow[] = [];
  let fetchError: string | null = null;
  try {
    tours = await listToursForStaff(q);
  } catch (error) {
    console.error(
      JSON.stringify({ event: "read_failed", what: "admin tours", error: String(error) }),
    );
    fetchError = "The tours could not be loaded. Please refresh the page.";
  }
  const closeHref = q ? `/admin/tours?${new URLSearchParams({ q })}` : "/admin/tours";
  const editing = editId
    ? await loggedRead("admin tour", () => getTourForStaff(editId), null)
    : null;
  const mediaTour = mediaId ? tours.find((t) => t.id === mediaId) : undefined;
  const pictures = mediaTour
    ? await loggedRead("admin tour pictures", () => getTourPictures(mediaTour.id), null)
    : null;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Tours Management"
        description="Manage the tours displayed across the website."
      >
        <AddTourButton />
      </PageHeader>
      <ToursSearch q={q} />
      {fetchError ? <FetchErrorToast message={fetchError} /> : null}
      {tours.length === 0 ? (
        <EmptyState icon={Route} title="No tours found" action={null}>
          {q
            ? "No tour's title or slug matches your search."
            : "Tours you add here show on the website."}
        </EmptyState>
      ) : (
        <ToursTable tours={tours} canDelete={me.role === "admin"} q={q} />
      )}
      {editing ? <EditTourDialog key={editing.id} tour={editing} closeHref={closeHref} /> : null}
      {mediaTour && pictures ? (
        <MediaPanel
          key={mediaTour.id}
          tourId={mediaTour.id}
          title={mediaTour.title}
          pictures={pictures}
          closeHref={closeHref}
        />
      ) : null}
    </div>
  );
}
