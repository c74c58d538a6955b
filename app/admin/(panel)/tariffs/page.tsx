import type { Metadata } from "next";
import { Suspense } from "react";

import { ListSkeleton } from "@/components/admin/list/list-states";
import { TariffDialog } from "@/components/admin/tariffs/tariff-dialog";
import { TariffsTable } from "@/components/admin/tariffs/tariffs-table";
import { PageHeader } from "@/components/shared/page-header";
import { loggedRead } from "@/lib/logged-read";
import { listTariffs } from "@/lib/parks/data/tariffs";
import { requireStaff } from "@/lib/session";

export const metadata: Metadata = { title: "Tariffs" };

/**
 * /admin/tariffs: UWA's park fees by residency category, dated. Admins add and edit rows; staff
 * see them read-only. A trek is priced by the row in force on its day.
 */
export default async function AdminTariffsPage() {
  const me = await requireStaff();
  const canManage = me.role === "admin";
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Tariffs"
        description={
          canManage
            ? "Park fees as Uganda Wildlife Authority publishes them, sold at face value. A trek takes the price in force on its day."
            : "Park fees as Uganda Wildlife Authority publishes them. Only administrators can change them."
        }
      >
        {canManage ? <TariffDialog /> : null}
      </PageHeader>
      <Suspense fallback={<ListSkeleton label="Loading tariffs" />}>
        <TariffsList canManage={canManage} />
      </Suspense>
    </div>
  );
}

async function TariffsList({ canManage }: { canManage: boolean }) {
  const rows = await loggedRead("admin tariffs", listTariffs, []);
  return <TariffsTable rows={rows} canManage={canManage} />;
}
