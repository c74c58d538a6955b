import Link from "next/link";
import { formatDay } from "@/lib/dates";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { AdminTourRow } from "@/lib/dal/admin-tours";
import { durationText } from "@/lib/tours";

import { DeleteTourButton } from "./delete-tour-button";
import { TourActiveSwitch } from "./tour-active-switch";

const COLUMNS = ["Title", "Duration", "Price", "Status", "Created", "Updated", "Actions"] as const;

const duration = (t: AdminTourRow) =>
  t.durationLabel || t.durationDays ? durationText(t.durationLabel, t.durationDays) : "—";

function Status({ tour }: { tour: AdminTourRow }) {
  return (
    <span className="inline-flex items-center gap-2">
      <TourActiveSwitch id={tour.id} title={tour.title} isActive={tour.isActive} />
      {tour.isActive ? <Badge>Active</Badge> : <Badge variant="outline">Hidden</Badge>}
    </span>
  );
}

function RowActions({
  tour,
  canDelete,
  href,
}: {
  tour: AdminTourRow;
  canDelete: boolean;
  href: (p: Record<string, string>) => string;
}) {
  return (
    <div className="flex items-center justify-end gap-1">
      <Button asChild variant="outline" size="sm" className="bg-card">
        <Link href={href({ edit: tour.id })} scroll={false}>
          Edit<span className="sr-only"> {tour.title}</span>
        </Link>
      </Button>
      <Button asChild variant="outline" size="sm" className="bg-card">
        <Link href={href({ media: tour.id })} scroll={false}>
          Media{tour.mediaCount ? ` (${tour.mediaCount})` : ""}
          <span className="sr-only"> of {tour.title}</span>
        </Link>
      </Button>
      {canDelete ? <DeleteTourButton id={tour.id} title={tour.title} /> : null}
    </div>
  );
}

/**
 * The tours (A95-A101): a table from 1024 px, cards below. `canDelete` (role admin) adds Delete.
 */
export function ToursTable({
  tours,
  canDelete,
  q,
}: {
  tours: AdminTourRow[];
  canDelete: boolean;
  q: string;
}) {
  const href = (params: Record<string, string>) =>
    `/admin/tours?${new URLSearchParams({ ...(q ? { q } : {}), ...params }).toString()}`;
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-border/70 bg-card shadow-sm lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Tours, newest first</caption>
          <thead className="border-b border-border/70 bg-muted/50 text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              {COLUMNS.map((c) => (
                <th
                  key={c}
                  scope="col"
                  className={`px-4 py-3 font-semibold ${c === "Actions" ? "text-right" : ""}`}
                >
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border/60">
            {tours.map((tour) => (
              <tr key={tour.id} className="align-middle hover:bg-muted/30">
                <th scope="row" className="max-w-72 px-4 py-3 font-normal">
                  <span className="block font-semibold text-forest-deep">{tour.title}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    /tour/{tour.slug}
                    {tour.featuredRank ? ` · Featured #${tour.featuredRank}` : ""}
                  </span>
                </th>
                <td className="px-4 py-3 whitespace-nowrap">{duration(tour)}</td>
                <td className="px-4 py-3 whitespace-nowrap">{tour.priceLabel ?? "—"}</td>
                <td className="px-4 py-3">
                  <Status tour={tour} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{formatDay(tour.createdAt)}</td>
                <td className="px-4 py-3 whitespace-nowrap">{formatDay(tour.updatedAt)}</td>
                <td className="px-4 py-3">
                  <RowActions tour={tour} canDelete={canDelete} href={href} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-3 lg:hidden" aria-label="Tours">
        {tours.map((tour) => (
          <li
            key={tour.id}
            className="grid gap-3 rounded-2xl border border-border/70 bg-card p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-display text-lg font-bold text-forest-deep">{tour.title}</p>
                <p className="truncate text-xs text-muted-foreground">/tour/{tour.slug}</p>
              </div>
              <Status tour={tour} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Duration</dt>
              <dd>{duration(tour)}</dd>
              <dt className="text-muted-foreground">Price</dt>
              <dd>{tour.priceLabel ?? "—"}</dd>
              <dt className="text-muted-foreground">Created</dt>
              <dd>{formatDay(tour.createdAt)}</dd>
              <dt className="text-muted-foreground">Updated</dt>
              <dd>{formatDay(tour.updatedAt)}</dd>
            </dl>
            <RowActions tour={tour} canDelete={canDelete} href={href} />
          </li>
        ))}
      </ul>
    </>
  );
}
