import { CalendarDays, Clock, CreditCard } from "@/components/icons";
import { StatCard } from "@/components/shared/stat-card";
import { adminBookingsHref } from "@/lib/bookings/list-query";
import { owingText } from "@/lib/payments/list-query";
import type { PaymentsSummary } from "@/lib/payments/data/overview";
import { formatMoney } from "@/lib/payments/ledger";

/** A figure that failed to load (the failure is logged): a dash, named for screen readers. */
export const NOT_LOADED = (
  <span aria-label="Not available" title="Not available">
    —
  </span>
);

/** An amount of the summary, or a dash when the summary failed to load (the failure is logged). */
export const summaryMoney = (summary: PaymentsSummary | null, minor: keyof PaymentsSummary) =>
  summary ? formatMoney(Number(summary[minor]), summary.currency) : NOT_LOADED;

/** The card of the month's receipts (Payments and the dashboard), with each screen's hint. */
export const receivedCard = (summary: PaymentsSummary | null, hint: string) => ({
  label: "Received this month",
  value: summaryMoney(summary, "receivedThisMonthMinor"),
  hint,
  icon: CreditCard,
});

/** A money card's link to the bookings its balances count. */
export const owingLink = (balance: "owing" | "overdue") => ({
  href: adminBookingsHref({ balance }),
  label: "View bookings",
});

/**
 * The three cards above the Payments list: money received this Kampala month (less refunds),
 * the balances confirmed bookings still owe, and the part of them past its balance day, each of
 * the last two with a link to the bookings it counts.
 */
export function PaymentsSummaryCards({ summary }: { summary: PaymentsSummary | null }) {
  return (
    <section aria-label="Payments summary" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <StatCard {...receivedCard(summary, "Money in less refunds, since the 1st")} />
      <StatCard
        label="Balances outstanding"
        value={summaryMoney(summary, "outstandingMinor")}
        hint={summary ? `${owingText(summary.outstandingBookings)} owing` : undefined}
        icon={CalendarDays}
        link={owingLink("owing")}
      />
      <StatCard
        label="Overdue"
        value={summaryMoney(summary, "overdueMinor")}
        hint={summary ? `${owingText(summary.overdueBookings)} past the balance day` : undefined}
        icon={Clock}
        link={owingLink("overdue")}
      />
    </section>
  );
}
