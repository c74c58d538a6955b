import Link from "next/link";

import { ArrowRight, CalendarDays, Compass, MessageSquare, Plane, Users } from "@/components/icons";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDay, groupSizeLabel, nextDepartureLabel } from "@/lib/customer";
import { getDashboard } from "@/lib/dal/customer";

import { StatCard } from "./stat-card";
import { BookingStatusBadge } from "./status-badge";

/** Stat cards and the next three trips. */
export async function DashboardOverview() {
  const dashboard = await getDashboard();
  const days = dashboard.nextDepartureDays;
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <StatCard label="Upcoming Trips" value={dashboard.upcomingCount} icon={Plane} />
        <StatCard
          label="Total Travelers"
          value={dashboard.totalTravelers}
          hint="On your upcoming trips"
          icon={Users}
        />
        <StatCard
          label="Next Departure"
          value={nextDepartureLabel(days)}
          hint={days === null ? "No trip planned yet" : days === 1 ? "day to go" : "days to go"}
          icon={CalendarDays}
        />
      </div>

      <section
        aria-labelledby="upcoming-heading"
        className="rounded-2xl border border-border/70 bg-card p-5 shadow-sm sm:p-6"
      >
        <div className="mb-4 flex items-center justify-between gap-3">
          <h2 id="upcoming-heading" className="font-display text-xl font-bold text-forest-deep">
            Upcoming Trips
          </h2>
          <Button asChild variant="link" className="h-auto p-0">
            <Link href="/customer/bookings">
              View All
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        {dashboard.upcoming.length ? (
          <ul className="grid grid-cols-1 gap-3">
            {dashboard.upcoming.map((b) => (
              <li
                key={b.id}
                className="flex flex-col gap-2 rounded-xl border border-border/70 bg-background/60 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-semibold break-words text-foreground">{b.tourPackage}</p>
                  <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                    <span className="inline-flex items-center gap-1.5">
                      <CalendarDays className="size-4" aria-hidden="true" />
                      {formatDay(b.departureDate)}
                    </span>
                    <span className="inline-flex items-center gap-1.5">
                      <Users className="size-4" aria-hidden="true" />
                      {groupSizeLabel(b.groupSize)}
                    </span>
                  </p>
                </div>
                <BookingStatusBadge status={b.status} className="self-start sm:self-center" />
              </li>
            ))}
          </ul>
        ) : (
          <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-border p-8 text-center">
            <Compass className="size-10 text-primary" aria-hidden="true" />
            <p className="font-semibold text-foreground">No upcoming trips</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              Ready for your next adventure? Explore our tours and start planning your journey
              through Uganda.
            </p>
            <Button asChild className="mt-1">
              <Link href="/tours">Explore Tours</Link>
            </Button>
          </div>
        )}
      </section>
    </>
  );
}

export function DashboardOverviewSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6" aria-busy="true" aria-label="Loading your trips">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-64 rounded-2xl" />
    </div>
  );
}

/** Manage Bookings and Support & Messages. */
export function DashboardLinks() {
  const links = [
    {
      href: "/customer/bookings",
      title: "Manage Bookings",
      text: "View details, payment status and your guide for every trip.",
      icon: Plane,
    },
    {
      href: "/customer/messages",
      title: "Support & Messages",
      text: "Questions about a trip? Write to our team in Kampala.",
      icon: MessageSquare,
    },
  ];
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {links.map(({ href, title, text, icon: Icon }) => (
        <Link
          key={href}
          href={href}
          className="group flex items-start gap-4 rounded-2xl border border-border/70 bg-card p-5 shadow-sm transition-colors hover:border-primary/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-forest-deep text-white">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <span className="min-w-0">
            <span className="flex items-center gap-1 font-semibold text-forest-deep">
              {title}
              <ArrowRight
                className="size-4 transition-transform group-hover:translate-x-0.5"
                aria-hidden="true"
              />
            </span>
            <span className="mt-1 block text-sm text-muted-foreground">{text}</span>
          </span>
        </Link>
      ))}
    </div>
  );
}
