import { CalendarDays, Clock, type Icon, Mail, MessageSquareText, Plane } from "@/components/icons";
import {
  NOT_LOADED,
  owingLink,
  receivedCard,
  summaryMoney,
} from "@/components/admin/payments/payments-summary";
import { StatCard } from "@/components/shared/stat-card";
import type { DashboardCounts } from "@/lib/bookings/data/figures";
import type { PaymentsSummary } from "@/lib/payments/data/overview";
import { formatMoney } from "@/lib/payments/ledger";

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

/** 'Nothing overdue', or what of the balances is past its balance day. */
const overdueHint = (money: PaymentsSummary | null) => {
  if (!money) return undefined;
  if (money.overdueMinor === 0) return "Confirmed bookings; nothing overdue";
  return `Confirmed bookings; ${formatMoney(money.overdueMinor, money.currency)} overdue`;
};

/**
 * The figures of /admin: the four counts, then the month's receipts and the balances owed (the
 * Payments screen's summary, the balances linking to the bookings that owe them). A figure that
 * failed to load shows a dash (the failure is logged).
 */
export function DashboardStats({
  counts,
  money,
}: {
  counts: DashboardCounts | null;
  money: PaymentsSummary | null;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {STATS.map(({ count, ...stat }) => (
        <StatCard key={count} {...stat} value={figure(counts?.[count])} />
      ))}
      <StatCard {...receivedCard(money, "Payments less refunds, since the 1st")} />
      <StatCard
        label="Balances due"
        value={summaryMoney(money, "outstandingMinor")}
        hint={overdueHint(money)}
        icon={Clock}
        link={owingLink("owing")}
      />
    </div>
  );
}
