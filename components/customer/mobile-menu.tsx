"use client";

import { MenuDrawer } from "@/components/shared/menu-drawer";
import { Separator } from "@/components/ui/separator";

import { CustomerNav } from "./customer-nav";

/** Below md: the sidebar (account, sections) and the header buttons in a drawer. */
export function MobileMenu({
  unread,
  account,
  actions,
}: {
  unread: number;
  account: React.ReactNode;
  actions: React.ReactNode;
}) {
  return (
    <MenuDrawer
      label="Open account menu"
      triggerClassName="relative bg-card md:hidden"
      dot={
        unread > 0 ? (
          <span
            className="absolute top-1.5 right-1.5 size-2 rounded-full bg-terracotta"
            aria-hidden="true"
          />
        ) : null
      }
      className="w-[85vw] max-w-xs overflow-y-auto p-0"
      title="Account menu"
      titleClassName="sr-only"
      description="Sections of your account"
      header={account}
    >
      {(close) => (
        <div className="grid gap-4 p-4">
          <CustomerNav unread={unread} onNavigate={close} prefetch={false} />
          <Separator />
          {actions}
        </div>
      )}
    </MenuDrawer>
  );
}
