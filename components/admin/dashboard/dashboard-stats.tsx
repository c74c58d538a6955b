import { CalendarDays, type Icon, Mail, MessageSquareText, Plane } from "@/components/icons";
import { StatCard } from "@/components/shared/stat-card";
import type { DashboardCounts } from "@/lib/dal/admin-dashboard";

const NOT_LOADED = (
  <span aria-label="Not available" title="Not available">
    —
  </span>
);

const figure = (value: number | undefined) =>
  value === undefined ? NOT_LOADED : value.toLocaleString("en-US");

const STATS: { count: keyof DashboardCounts; label: string; hint: string; icon: Icon }[] = [
  { count: "totalBookings", label: "Total Bookings", hint: "All time", icon: Plane },
  {
    count: "bookingsThisMonth",
    label: "This Month",
    hint: "Bookings since the 1st",
    icon: CalendarDays,
  },
  {
    count: "contactMessages",
    label: "Contact Messages",
    hint: "From the contact form",
    icon: MessageSquareText,
  },
  {
    count: "activeSubscribers",
    label: "Newsletter Subscribers",
    hint: "Active subscriptions",
    icon: Mail,
  },
];

/** The four figures of /admin; a count that failed to load shows a dash (the failure is logged). */
export function DashboardStats({ counts }: { counts: DashboardCounts | null }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {STATS.map(({ count, ...stat }) => (
        <StatCard key={count} {...stat} value={figure(counts?.[count])} />
      ))}
    </div>
  );
}
