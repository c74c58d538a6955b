import Link from "next/link";
import { EmptyState } from "@/components/shared/empty-state";
import { formatDay } from "@/lib/dates";
import { groupSizeLabel } from "@/lib/bookings/labels";

import { ArrowRight, CalendarDays, Compass, MessageSquare, Plane, Users } from "@/components/icons";
import { LinkButton } from "@/components/site/link-button";
import { nextDepartureLabel } from "@/lib/bookings/customer-labels";
import { getDashboard } from "@/lib/bookings/data/owned";

import { StatCard } from "@/components/shared/stat-card";
import { StatsSkeleton } from "./stats-skeleton";
import { BookingPayment } from "./booking-payment";
import { BookingStatusBadge } from "./booking-status-badge";

/** Stat cards and the next three trips, each with what is paid and due on it. */
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
          <LinkButton
            href="/customer/bookings"
            icon={ArrowRight}
            iconEnd
            variant="link"
            className="h-auto p-0"
          >
            View All
          </LinkButton>
        </div>
        {dashboard.upcoming.length ? (
          <ul className="grid grid-cols-1 gap-3">
            {dashboard.upcoming.map((b) => (
              <li key={b.id} className="rounded-xl border border-border/70 bg-background/60 p-4">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
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
                </div>
                <BookingPayment booking={b} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            look="panel"
            icon={Compass}
            title="No upcoming trips"
            action={
              <LinkButton href="/tours" className="mt-1">
                Explore Tours
              </LinkButton>
            }
          >
            Ready for your next adventure? Explore our tours and start planning your journey through
            Uganda.
          </EmptyState>
        )}
      </section>
    </>
  );
}

export function DashboardOverviewSkeleton() {
  return <StatsSkeleton label="Loading your trips" panelClassName="h-64 rounded-2xl" />;
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
