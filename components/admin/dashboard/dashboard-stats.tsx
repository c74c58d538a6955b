import { CalendarDays, Mail, MessageSquareText, Plane } from "@/components/icons";
import { StatCard } from "@/components/shared/stat-card";
import type { DashboardCounts } from "@/lib/dal/admin-dashboard";

const NOT_LOADED = (
  <span aria-label="Not available" title="Not available">
    —
  </span>
);

const figure = (value: number | undefined) =>
  value === undefined ? NOT_LOADED : value.toLocaleString("en-US");

/** The four figures of /admin; a count that failed to load shows a dash (the failure is logged). */
export function DashboardStats({ counts }: { counts: DashboardCounts | null }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label="Total Bookings"
        value={figure(counts?.totalBookings)}
        hint="All time"
        icon={Plane}
      />
      <StatCard
        label="This Month"
        value={figure(counts?.bookingsThisMonth)}
        hint="Bookings since the 1st"
        icon={CalendarDays}
      />
      <StatCard
        label="Contact Messages"
        value={figure(counts?.contactMessages)}
        hint="From the contact form"
        icon={MessageSquareText}
      />
      <StatCard
        label="Newsletter Subscribers"
        value={figure(counts?.activeSubscribers)}
        hint="Active subscriptions"
        icon={Mail}
      />
    </div>
  );
}
