import Link from "next/link";

import { SeatsBar } from "@/components/admin/departures/seats-bar";
import { StatusBadge } from "@/components/shared/status-badge";
import type { FirstThings } from "@/lib/dashboard/data/first-things";
import { departureRange } from "@/lib/departures/rules";

/**
 * The dashboard's lead: requests awaiting a reply (oldest first, with how long they have waited),
 * this week's departures (seats, guide, balances unpaid) and the waitlists. Each a card with a
 * short list and a link to its full screen.
 */
export function FirstThingsView({ data }: { data: FirstThings }) {
  return (
    <div className="grid gap-4 xl:grid-cols-3">
      <AwaitingCard data={data} />
      <WeekCard data={data} />
      <WaitlistCard data={data} />
    </div>
  );
}

function Card({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: React.ReactNode;
  more?: { href: string; label: string };
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="grid min-w-0 content-start gap-3 rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="font-display text-lg font-bold text-forest-deep">
          {title}
        </h2>
        {more ? (
          <Link
            href={more.href}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {more.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: React.ReactNode }) => (
  <p className="text-sm text-muted-foreground">{children}</p>
);

function AwaitingCard({ data }: { data: FirstThings }) {
  const { awaiting, awaitingTotal } = data;
  return (
    <Card
      id="awaiting-heading"
      title={
        <>
          Awaiting a reply
          {awaitingTotal > 0 ? (
            <span className="ml-2 align-middle text-sm font-normal text-muted-foreground">
              ({awaitingTotal})
            </span>
          ) : null}
        </>
      }
      more={{ href: "/admin/bookings", label: "All bookings" }}
    >
      {awaiting.length === 0 ? (
        <Empty>Nothing is waiting for a reply.</Empty>
      ) : (
        <ol className="grid gap-2" aria-label="Requests awaiting a reply, oldest first">
          {awaiting.map((r) => (
            <li key={`${r.kind}|${r.id}`} className="min-w-0">
              <Link
                href={r.href}
                className="-m-2 grid gap-0.5 rounded-lg p-2 hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                <span className="flex flex-wrap items-center justify-between gap-x-2">
                  <span className="truncate font-medium">{r.name}</span>
                  <StatusBadge tone={r.late ? "bad" : "waiting"} status="waiting-for">
                    Waiting {r.waiting}
                  </StatusBadge>
                </span>
                <span className="truncate text-xs text-muted-foreground">
                  {r.kind} · {r.about}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function WeekCard({ data }: { data: FirstThings }) {
  return (
    <Card
      id="week-heading"
      title="This week's departures"
      more={{ href: "/admin/departures", label: "All departures" }}
    >
      {data.week.length === 0 ? (
        <Empty>No departures in the next seven days.</Empty>
      ) : (
        <ol className="grid gap-3" aria-label="Departures in the next seven days">
          {data.week.map((d) => (
            <li key={d.id} className="grid min-w-0 gap-1 text-sm">
              <Link
                href={d.href}
                className="truncate font-medium underline-offset-4 hover:underline"
              >
                {departureRange(d.startDate, d.endDate)} · {d.tourTitle}
              </Link>
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <SeatsBar taken={d.seatsTaken} capacity={d.capacity} className="w-20" />
                <span className="tabular-nums">
                  {d.seatsTaken} of {d.capacity} seats
                </span>
                <span className={d.guideName ? undefined : "font-medium text-destructive"}>
                  {d.guideName ? `Guide: ${d.guideName}` : "No guide"}
                </span>
              </span>
              <span className="text-xs text-muted-foreground">
                {d.unpaidBookings > 0
                  ? `Unpaid: ${d.unpaid} on ${d.unpaidBookings} ${d.unpaidBookings === 1 ? "booking" : "bookings"}`
                  : "Nothing unpaid"}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function WaitlistCard({ data }: { data: FirstThings }) {
  return (
    <Card id="waitlists-heading" title="Waitlists">
      {data.waitlists.length === 0 ? (
        <Empty>Nobody is waiting for a full date.</Empty>
      ) : (
        <ol className="grid gap-3" aria-label="Waitlists by departure">
          {data.waitlists.map((w) => (
            <li key={w.departureId} className="grid min-w-0 gap-0.5 text-sm">
              <Link
                href={w.href}
                className="truncate font-medium underline-offset-4 hover:underline"
              >
                {departureRange(w.startDate, w.endDate)} · {w.tourTitle}
              </Link>
              <span>
                {w.entries} {w.entries === 1 ? "party" : "parties"} waiting for {w.seats}{" "}
                {w.seats === 1 ? "seat" : "seats"}
              </span>
              <span className="text-xs break-words text-muted-foreground">{w.names}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
