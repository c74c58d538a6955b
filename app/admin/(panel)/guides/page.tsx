import type { Metadata } from "next";

import { GuideDialog } from "@/components/admin/guides/guide-dialog";
import { GuidesTable } from "@/components/admin/guides/guides-table";
import { PageHeader } from "@/components/shared/page-header";
import { Users } from "@/components/icons";
import { EmptyState } from "@/components/site/empty-state";
import { listGuides } from "@/lib/dal/guides";
import { requireStaff } from "@/lib/dal/session";
import { loggedRead } from "@/lib/logged-read";

export const metadata: Metadata = { title: "Guides" };

/**
 * /admin/guides (A64-A67): every guide by name. Admins add, edit and set availability; staff
 * see the list read-only. A failed read is logged and the list stays empty (spec section 8).
 */
export default async function AdminGuidesPage() {
  const me = await requireStaff();
  const guides = await loggedRead("admin guides", listGuides, []);
  const canManage = me.role === "admin";
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Guides"
        description={
          canManage
            ? "The people who lead your trips. Unavailable guides are never assigned automatically."
            : "The people who lead your trips. Only administrators can change this list."
        }
      >
        {canManage ? <GuideDialog /> : null}
      </PageHeader>
      <p className="text-sm text-muted-foreground">
        {guides.length} {guides.length === 1 ? "guide" : "guides"},{" "}
        {guides.filter((g) => g.isAvailable).length} available
      </p>
      {guides.length === 0 ? (
        <EmptyState icon={Users} title="No guides yet" action={canManage ? <GuideDialog /> : null}>
          Guides you add here can be assigned to bookings.
        </EmptyState>
      ) : (
        <GuidesTable guides={guides} canManage={canManage} />
      )}
    </div>
  );
}
