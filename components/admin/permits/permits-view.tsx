import { Cell, RowHeader } from "@/components/admin/list/data-table";
import { ListTable } from "@/components/admin/list/list-states";
import { Leaf } from "@/components/icons";
import { EmptyState } from "@/components/shared/empty-state";
import { Badge } from "@/components/ui/badge";
import { formatDay } from "@/lib/dates";
import type { PermitDay, PermitTourDto } from "@/lib/parks/data/permits";
import {
  formatFee,
  PARK_FEE_LABELS,
  PERMIT_LOT_STATE_LABELS,
  permitAlerts,
} from "@/lib/parks/rules";

import { PermitLotDialog, PermitLotStateDialog, TourPermitDialog } from "./permit-dialogs";

const dash = <span className="text-muted-foreground">—</span>;

/** A park's trek day: what its lots hold, what bookings use and what is left, then each lot. */
function TrekDay({ day }: { day: PermitDay }) {
  const short = day.used > day.held;
  return (
    <li className="rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-display text-lg font-bold text-forest-deep">
          {day.park}, {formatDay(day.trekDate)}
        </h3>
        <p className="text-sm tabular-nums">
          <span className="font-semibold">{day.held}</span> held ·{" "}
          <span className="font-semibold">{day.used}</span> used ·{" "}
          <span className={short ? "font-semibold text-destructive" : "font-semibold text-primary"}>
            {short ? `${day.used - day.held} short` : `${day.left} left`}
          </span>
        </p>
      </div>
      <ul
        className="mt-3 divide-y divide-border/70 text-sm"
        aria-label={`Lots for ${day.park}, ${day.trekDate}`}
      >
        {day.lots.map((lot) => (
          <li key={lot.id} className="flex flex-wrap items-center justify-between gap-3 py-2.5">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{lot.quantity} permits</span>
              <span className="text-muted-foreground">{lot.allocated} allocated</span>
              {lot.sector ? <span className="text-muted-foreground">{lot.sector}</span> : null}
              <Badge
                variant={
                  lot.state === "cancelled" || lot.state === "rescheduled" ? "outline" : "secondary"
                }
              >
                {PERMIT_LOT_STATE_LABELS[lot.state]}
                {lot.state === "blocked" && lot.blockedUntil
                  ? ` until ${formatDay(lot.blockedUntil)}`
                  : ""}
              </Badge>
              {lot.uwaReference ? (
                <span className="font-mono text-xs">UWA {lot.uwaReference}</span>
              ) : null}
              {lot.faceValueMinor !== null ? (
                <span className="text-muted-foreground">
                  {formatFee(lot.faceValueMinor, lot.currency)} each
                </span>
              ) : null}
            </span>
            <PermitLotStateDialog lot={lot} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * /admin/permits: the trek days ahead with their lots (held, used by the trekkers of bookings
 * holding their place, left; each lot's permits allocated to trekkers) and the tours whose
 * trekkers need a permit. Staff record lots; admins set a tour's permit.
 */
export function PermitsView({
  days,
  tours,
  canManageTours,
  today,
}: {
  days: PermitDay[];
  tours: PermitTourDto[];
  canManageTours: boolean;
  /** Kampala's today, the alerts' clock. */
  today: string;
}) {
  const alerts = permitAlerts(days, today);
  return (
    <div className="grid gap-8">
      {alerts.length ? (
        <section
          aria-labelledby="permit-alerts-heading"
          className="rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
        >
          <h2 id="permit-alerts-heading" className="font-display text-lg font-bold text-amber-950">
            Needs attention
          </h2>
          <ul className="mt-2 grid gap-1.5 text-sm text-amber-950">
            {alerts.map((alert, i) => (
              <li key={`${alert.kind}-${alert.park}-${alert.trekDate}-${i}`}>{alert.text}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="trek-days-heading" className="grid gap-3">
        <h2 id="trek-days-heading" className="font-display text-xl font-bold text-forest-deep">
          Trek days
        </h2>
        {days.length ? (
          <ul className="grid gap-3">
            {days.map((day) => (
              <TrekDay key={`${day.park}|${day.trekDate}`} day={day} />
            ))}
          </ul>
        ) : (
          <EmptyState icon={Leaf} title="No permits held" action={<PermitLotDialog />}>
            Record the permits you book with UWA: a permit tour&apos;s departures offer no more
            seats than permits held for their trek day.
          </EmptyState>
        )}
      </section>
      <section aria-labelledby="permit-tours-heading" className="grid gap-3">
        <h2 id="permit-tours-heading" className="font-display text-xl font-bold text-forest-deep">
          Tours and their permits
        </h2>
        <ListTable
          count={
            <>
              {tours.filter((t) => t.permitFee).length} of {tours.length} tours need a permit
            </>
          }
          result={{ items: tours, total: tours.length, page: 1, pageCount: 1 }}
          empty={null}
          caption="Tours and the permit each trekker needs"
          cardsLabel="Tours"
          columns={[
            { label: "Tour" },
            { label: "Permit" },
            { label: "Park" },
            { label: "Trek on day" },
            ...(canManageTours ? [{ label: "Actions", end: true }] : []),
          ]}
          row={(tour) => (
            <>
              <RowHeader>{tour.title}</RowHeader>
              <Cell>{tour.permitFee ? PARK_FEE_LABELS[tour.permitFee] : dash}</Cell>
              <Cell>{tour.permitPark ?? dash}</Cell>
              <Cell>{tour.permitFee ? tour.trekDay : dash}</Cell>
              {canManageTours ? (
                <Cell end>
                  <TourPermitDialog tour={tour} />
                </Cell>
              ) : null}
            </>
          )}
          card={(tour) => (
            <div className="flex items-center justify-between gap-3">
              <div>
                <p className="font-semibold">{tour.title}</p>
                <p className="text-sm text-muted-foreground">
                  {tour.permitFee
                    ? `${PARK_FEE_LABELS[tour.permitFee]}, ${tour.permitPark}, day ${tour.trekDay}`
                    : "No permit"}
                </p>
              </div>
              {canManageTours ? <TourPermitDialog tour={tour} /> : null}
            </div>
          )}
        />
      </section>
    </div>
  );
}
