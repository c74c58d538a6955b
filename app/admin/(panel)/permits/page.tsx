import type { Metadata } from "next";

import { PermitLotDialog } from "@/components/admin/permits/permit-dialogs";
import { PermitsView } from "@/components/admin/permits/permits-view";
import { PageHeader } from "@/components/shared/page-header";
import { todayInKampala } from "@/lib/dates";
import { loggedRead } from "@/lib/logged-read";
import { listPermitDays, listPermitTours } from "@/lib/parks/data/permits";
import { requireStaff } from "@/lib/session";

export const metadata: Metadata = { title: "Permits" };

/**
 * /admin/permits: park permits held as stock. Staff record the lots they book with UWA and their
 * state; a permit tour's departures offer no more seats than permits left for their trek day.
 * Above them, what needs acting on: blocks about to lapse, UWA balances due, permits unsold.
 */
export default async function AdminPermitsPage() {
  const me = await requireStaff();
  const [days, tours] = await Promise.all([
    loggedRead("admin permit days", listPermitDays, []),
    loggedRead("admin permit tours", listPermitTours, []),
  ]);
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Permits"
        description="UWA permits held per park and trek day. A gorilla trek is sold only with its permit: departures offer no more seats than permits left."
      >
        <PermitLotDialog />
      </PageHeader>
      <PermitsView
        days={days}
        tours={tours}
        canManageTours={me.role === "admin"}
        today={todayInKampala()}
      />
    </div>
  );
}
