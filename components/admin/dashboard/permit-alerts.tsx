import Link from "next/link";

import type { PermitAlert } from "@/lib/parks/rules";

/**
 * Permit alerts on the dashboard (also on the Permits screen and mailed to the operator once
 * each): blocks lapsing within 48 hours unpaid, UWA balances due within 14 days, permits unsold
 * 30 days before the trek. Nothing shows while none stands.
 */
export function PermitAlertsCard({ alerts }: { alerts: PermitAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <section
      aria-labelledby="dashboard-permit-alerts"
      className="grid gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="dashboard-permit-alerts" className="font-display text-lg font-bold">
          Permits need attention
        </h2>
        <Link
          href="/admin/permits"
          className="text-sm font-medium underline underline-offset-4 hover:no-underline"
        >
          Open Permits
        </Link>
      </div>
      <ul className="grid gap-1.5 text-sm">
        {alerts.map((alert) => (
          <li key={alert.key}>{alert.text}</li>
        ))}
      </ul>
    </section>
  );
}
