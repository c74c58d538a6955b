import type { Metadata } from "next";
import { Suspense } from "react";

import { GuideDialog } from "@/components/admin/guides/guide-dialog";
import { ListSkeleton } from "@/components/admin/list/list-states";
import { PageHeader } from "@/components/shared/page-header";
import { requireStaff } from "@/lib/session";

import { GuidesList } from "./list";

export const metadata: Metadata = { title: "Guides" };

/**
 * /admin/guides: every guide by name. Admins add, edit and set availability; staff see the list
 * read-only.
 */
export default async function AdminGuidesPage() {
  const me = await requireStaff();
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
      <Suspense fallback={<ListSkeleton label="Loading guides" />}>
        <GuidesList canManage={canManage} />
      </Suspense>
    </div>
  );
}
