"use client";

import { MenuDrawer } from "@/components/shared/menu-drawer";

import { AdminNav } from "./admin-nav";
import type { AdminChromeProps } from "./nav-items";

/** Below 768 px: the sidebar as an off-canvas drawer. */
export function AdminMobileMenu({ identity, counts, role }: AdminChromeProps) {
  return (
    <MenuDrawer
      label="Open menu"
      triggerClassName="bg-card md:hidden"
      className="flex w-[85vw] max-w-xs flex-col gap-0 p-0"
      title="Admin Panel"
      titleClassName="font-display text-lg text-forest-deep"
      description="Sections of the admin area"
    >
      {(close) => (
        <>
          <div className="flex-1 overflow-y-auto p-4">
            <AdminNav variant="drawer" counts={counts} role={role} onNavigate={close} />
          </div>
          <div className="border-t p-4" onClick={close}>
            {identity}
          </div>
        </>
      )}
    </MenuDrawer>
  );
}
