import Link from "next/link";

import { setTourActiveAction } from "@/actions/tours";
import { CardFacts, CardHeader, Cell, RowHeader } from "@/components/admin/list/data-table";
import { ListTable } from "@/components/admin/list/list-states";
import { RowSwitch } from "@/components/admin/list/row-switch";
import { Route } from "@/components/icons";
import { listPages } from "@/components/lists/list-pager";
import { EmptyState } from "@/components/shared/empty-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  ADMIN_TOURS_PAGE_SIZE,
  type AdminToursQuery,
  adminToursHref,
} from "@/lib/tours/list-query";
import type { AdminTourRow } from "@/lib/tours/data/manage";
import { formatDay } from "@/lib/dates";
import type { Page } from "@/lib/list-query";
import { durationText } from "@/lib/tours/rules";

import { DeleteTourButton } from "./delete-tour-button";

const COLUMNS = [
  { label: "Title" },
  { label: "Duration" },
  { label: "Price" },
  { label: "Status" },
  { label: "Created" },
  { label: "Updated" },
  { label: "Actions", end: true },
];

const duration = (t: AdminTourRow) =>
  t.durationLabel || t.durationDays ? durationText(t.durationLabel, t.durationDays) : "—";

function Status({ tour }: { tour: AdminTourRow }) {
  return (
    <span className="inline-flex items-center gap-2">
      <RowSwitch
        action={setTourActiveAction}
        id={tour.id}
        field="isActive"
        checked={tour.isActive}
        label={`Visible on the website: ${tour.title}`}
        failure="The tour's status could not be changed."
      />
      {tour.isActive ? <Badge>Active</Badge> : <Badge variant="outline">Hidden</Badge>}
    </span>
  );
}

/**
 * A row's Edit and Media open a dialog through the list's address. They are not prefetched: each
 * prefetch renders the whole list page on the server again, two for every row on every render of
 * the list, and the requests crowd the browser's few connections to the site ahead of the
 * admin's own next search or page.
 */
function RowActions({
  tour,
  canDelete,
  query,
}: {
  tour: AdminTourRow;
  canDelete: boolean;
  query: AdminToursQuery;
}) {
  return (
    <div className="flex items-center justify-end gap-1">
      <Button asChild variant="outline" size="sm" className="bg-card">
        <Link
          href={adminToursHref(query, { edit: tour.id, media: null })}
          scroll={false}
          prefetch={false}
        >
          Edit<span className="sr-only"> {tour.title}</span>
        </Link>
      </Button>
      <Button asChild variant="outline" size="sm" className="bg-card">
        <Link
          href={adminToursHref(query, { media: tour.id, edit: null })}
          scroll={false}
          prefetch={false}
        >
          Media{tour.mediaCount ? ` (${tour.mediaCount})` : ""}
          <span className="sr-only"> of {tour.title}</span>
        </Link>
      </Button>
      {canDelete ? <DeleteTourButton id={tour.id} title={tour.title} /> : null}
    </div>
  );
}

/** One page of tours, newest first. `canDelete` (role admin) adds Delete. */
export function ToursTable({
  query,
  result,
  canDelete,
}: {
  query: AdminToursQuery;
  result: Page<AdminTourRow>;
  canDelete: boolean;
}) {
  return (
    <ListTable
      count={
        result.items.length > 0 ? `${result.total} ${result.total === 1 ? "tour" : "tours"}` : null
      }
      result={result}
      pages={listPages("Tour pages", "tours", ADMIN_TOURS_PAGE_SIZE)}
      href={(page) => adminToursHref(query, { page, edit: null, media: null })}
      empty={
        <EmptyState icon={Route} title="No tours found">
          {query.q
            ? "No tour's title or slug matches your search."
            : "Tours you add here show on the website."}
        </EmptyState>
      }
      caption="Tours, newest first"
      cardsLabel="Tours"
      columns={COLUMNS}
      row={(tour) => (
        <>
          <RowHeader className="max-w-72 font-normal">
            <span className="block font-semibold text-forest-deep">{tour.title}</span>
            <span className="block truncate text-xs text-muted-foreground">
              /tour/{tour.slug}
              {tour.featuredRank ? ` · Featured #${tour.featuredRank}` : ""}
            </span>
          </RowHeader>
          <Cell className="whitespace-nowrap">{duration(tour)}</Cell>
          <Cell className="whitespace-nowrap">{tour.priceLabel ?? "—"}</Cell>
          <Cell>
            <Status tour={tour} />
          </Cell>
          <Cell className="whitespace-nowrap">{formatDay(tour.createdAt)}</Cell>
          <Cell className="whitespace-nowrap">{formatDay(tour.updatedAt)}</Cell>
          <Cell>
            <RowActions tour={tour} canDelete={canDelete} query={query} />
          </Cell>
        </>
      )}
      card={(tour) => (
        <>
          <CardHeader
            title={tour.title}
            subtitle={<span className="block truncate text-xs">/tour/{tour.slug}</span>}
            aside={<Status tour={tour} />}
          />
          <CardFacts
            facts={[
              { label: "Duration", value: duration(tour) },
              { label: "Price", value: tour.priceLabel ?? "—" },
              { label: "Created", value: formatDay(tour.createdAt) },
              { label: "Updated", value: formatDay(tour.updatedAt) },
            ]}
          />
          <RowActions tour={tour} canDelete={canDelete} query={query} />
        </>
      )}
    />
  );
}
