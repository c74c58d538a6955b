import type { Metadata } from "next";
import { Suspense } from "react";

import { ListSkeleton } from "@/components/admin/list/list-states";
import { NewResellerDialog } from "@/components/admin/resellers/reseller-dialogs";
import { ResellersTable } from "@/components/admin/resellers/resellers-table";
import { PageHeader } from "@/components/shared/page-header";
import { loggedRead } from "@/lib/logged-read";
import { listResellersForAdmin } from "@/lib/resellers/data/admin";
import { requireAdmin } from "@/lib/session";

export const metadata: Metadata = { title: "Resellers" };

/**
 * /admin/resellers (admins only): the resellers selling departures over the OCTO API, their
 * keys (first characters only: a key is shown once, when issued) and what they sold and owe.
 */
export default async function AdminResellersPage() {
  await requireAdmin();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Resellers"
        description="Resellers sell our departures over the OCTO API, from the same seats as the site. A test-mode reseller sees real seats but takes none."
      >
        <NewResellerDialog />
      </PageHeader>
      <Suspense fallback={<ListSkeleton label="Loading resellers" />}>
        <ResellersList />
      </Suspense>
    </div>
  );
}

async function ResellersList() {
  const rows = await loggedRead("admin resellers", listResellersForAdmin, []);
  return <ResellersTable rows={rows} />;
}
