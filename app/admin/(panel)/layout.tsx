import type { Metadata } from "next";
import { NuqsAdapter } from "nuqs/adapters/next/app";

import { AdminHeader } from "@/components/admin/shell/admin-header";
import { AdminSidebar } from "@/components/admin/shell/admin-sidebar";
import { StaffIdentity } from "@/components/admin/shell/staff-identity";
import { SkipLink } from "@/components/site/skip-link";
import { countUnreadThreadsForStaff } from "@/lib/messages/data/staff-inbox";
import { requireStaffAccount } from "@/lib/session";

export const metadata: Metadata = {
  title: { template: "%s | Admin | Breathe Uganda", default: "Admin | Breathe Uganda" },
  robots: { index: false, follow: false },
};

/**
 * The admin panel: the sidebar rail (desktop) or drawer (phone), the header with Customer View
 * and Logout. Signed-out visitors and non-staff are sent to /admin/login; each page checks the
 * role again through the DAL (requireStaff, requireAdmin), which also sends an account whose
 * second factor is required but not set up to /admin/account.
 */
export default async function AdminPanelLayout({ children }: { children: React.ReactNode }) {
  const me = await requireStaffAccount();
  // Customer threads waiting for staff, beside Messages. Not for an account that must set up its
  // second factor first (it sees only /admin/account); a failed count is logged, never shown.
  const unread =
    me.mfaRequired && !me.mfaEnabled
      ? 0
      : await countUnreadThreadsForStaff().catch((error: unknown) => {
          console.error(
            JSON.stringify({ event: "admin_unread_count_failed", error: String(error) }),
          );
          return 0;
        });
  const counts = { "/admin/messages": unread };
  const identity = <StaffIdentity email={me.email} name={me.name} role={me.role} />;
  return (
    <div className="min-h-dvh bg-background">
      <SkipLink />
      <AdminSidebar
        identity={<StaffIdentity email={me.email} name={me.name} role={me.role} collapsible />}
        counts={counts}
        role={me.role}
      />
      <div className="flex min-h-dvh min-w-0 flex-col md:pl-[4.5rem]">
        <AdminHeader identity={identity} counts={counts} role={me.role} />
        <main id="main-content" className="min-w-0 flex-1 px-4 py-6 sm:px-6 md:py-8 lg:px-8">
          <div className="mx-auto w-full max-w-7xl">
            <NuqsAdapter>{children}</NuqsAdapter>
          </div>
        </main>
      </div>
    </div>
  );
}
