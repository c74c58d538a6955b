import { LogoMark } from "@/components/site/logo";

import { AdminNav } from "./admin-nav";
import type { AdminChromeProps } from "./nav-items";

/**
 * The desktop sidebar (md and up): a narrow rail of icons that expands over the page on hover
 * and while keyboard focus is inside it (so tabbing through the links shows their labels). Only
 * keyboard focus (:focus-visible): a link clicked with the mouse keeps its focus after the page
 * changes, and the rail would otherwise stay open over the page's filters once the mouse left.
 */
export function AdminSidebar({ identity, counts, role }: AdminChromeProps) {
  return (
    <aside
      aria-label="Admin sidebar"
      className="group/rail fixed inset-y-0 left-0 z-[45] hidden w-[4.5rem] flex-col gap-6 overflow-hidden border-r border-border/70 bg-sidebar px-3 py-4 transition-[width,box-shadow] duration-200 ease-out has-focus-visible:w-64 has-focus-visible:shadow-xl hover:w-64 hover:shadow-xl md:flex"
    >
      <div className="flex items-center gap-3 overflow-hidden px-1.5 whitespace-nowrap">
        <LogoMark className="size-9 min-[380px]:size-9" />
        <span className="font-display text-base font-bold text-forest-deep opacity-0 transition-opacity group-has-focus-visible/rail:opacity-100 group-hover/rail:opacity-100">
          Admin Panel
        </span>
      </div>
      <div className="flex-1">
        <AdminNav variant="rail" counts={counts} role={role} />
      </div>
      <div className="border-t border-border/70 pt-3">{identity}</div>
    </aside>
  );
}
