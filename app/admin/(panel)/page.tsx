import type { Metadata } from "next";
import { Suspense } from "react";

import { DashboardStats } from "@/components/admin/dashboard/dashboard-stats";
import { FirstThingsView } from "@/components/admin/dashboard/first-things";
import { PermitAlertsCard } from "@/components/admin/dashboard/permit-alerts";
import { QuickActionCard } from "@/components/admin/dashboard/quick-action-card";
import { PageHeader } from "@/components/shared/page-header";
import { Compass, CreditCard, Mail, MessageSquare, Plane, Users } from "@/components/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { getDashboardCounts } from "@/lib/bookings/data/figures";
import { getFirstThings } from "@/lib/dashboard/data/first-things";
import { getPermitAlerts } from "@/lib/parks/data/alerts";
import { getPaymentsSummary } from "@/lib/payments/data/overview";
import { requireStaff } from "@/lib/session";
import { loggedRead } from "@/lib/logged-read";

export const metadata: Metadata = { title: "Dashboard" };

const QUICK_ACTIONS = [
  {
    href: "/admin/bookings",
    title: "Manage Bookings",
    description: "Payments, guides and the status of every trip request.",
    icon: Plane,
  },
  {
    href: "/admin/payments",
    title: "Payments",
    description: "Every payment in and out, and the balances still owed.",
    icon: CreditCard,
  },
  {
    href: "/admin/messages",
    title: "Contact Messages",
    description: "Read and answer messages from the website and customers.",
    icon: MessageSquare,
  },
  {
    href: "/admin/newsletter",
    title: "Newsletter",
    description: "Subscribers, their status and the CSV export.",
    icon: Mail,
  },
  {
    href: "/admin/tours",
    title: "Tours",
    description: "The catalogue shown across the website.",
    icon: Compass,
  },
  {
    href: "/admin/guides",
    title: "Guides",
    description: "Who leads the trips, their languages and availability.",
    icon: Users,
  },
];

/** The counts and the money, streamed; a failed read is logged and its figures show dashes. */
async function Counts() {
  const [counts, money] = await Promise.all([
    loggedRead("admin dashboard counts", getDashboardCounts, null),
    loggedRead("payments summary", () => getPaymentsSummary(), null),
  ]);
  return <DashboardStats counts={counts} money={money} />;
}

/** What needs doing first; a failed read is logged and says so rather than hiding the page. */
async function FirstThingsSection() {
  const data = await loggedRead("admin dashboard first things", () => getFirstThings(), null);
  if (!data) {
    return (
      <p className="text-sm text-muted-foreground">
        Requests, this week&apos;s departures and waitlists could not be read. Reload the page.
      </p>
    );
  }
  return <FirstThingsView data={data} />;
}

/** Permit alerts, when any stands; a failed read is logged and shows nothing. */
async function PermitAlertsSection() {
  const alerts = await loggedRead("admin dashboard permit alerts", getPermitAlerts, []);
  return <PermitAlertsCard alerts={alerts} />;
}

/**
 * /admin: first what needs doing (requests awaiting a reply, this week's departures, waitlists,
 * permit alerts), then six figures and shortcuts to the sections.
 */
export default async function AdminDashboardPage() {
  const me = await requireStaff();
  return (
    <div className="grid gap-8">
      <PageHeader
        title="Dashboard"
        description={`Welcome back${me.name ? `, ${me.name.split(" ")[0]}` : ""}. Here is what needs you first.`}
      />
      <Suspense
        fallback={
          <div className="grid gap-4 xl:grid-cols-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-56 rounded-2xl" />
            ))}
          </div>
        }
      >
        <FirstThingsSection />
      </Suspense>
      <Suspense fallback={null}>
        <PermitAlertsSection />
      </Suspense>
      <section aria-labelledby="figures-heading" className="grid gap-4">
        <h2 id="figures-heading" className="sr-only">
          Figures
        </h2>
        <Suspense
          fallback={
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <Skeleton key={i} className="h-28 rounded-2xl" />
              ))}
            </div>
          }
        >
          <Counts />
        </Suspense>
      </section>
      <section aria-labelledby="quick-heading" className="grid gap-4">
        <h2 id="quick-heading" className="font-display text-xl font-bold text-forest-deep">
          Quick Actions
        </h2>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {QUICK_ACTIONS.map((action) => (
            <QuickActionCard key={action.href} {...action} />
          ))}
        </div>
      </section>
    </div>
  );
}
