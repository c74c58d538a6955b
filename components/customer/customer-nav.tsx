"use client";

import { SectionNav } from "@/components/shared/section-nav";
import { cn } from "@/lib/utils";

import { CUSTOMER_NAV } from "./nav-items";

/**
 * The section links, the current one highlighted; Messages shows the unread replies. `prefetch`
 * false (the phone drawer): opening the drawer does not fire a request per section, whose late
 * answers (each refreshes the session cookie) could land after a Sign Out tapped in that drawer.
 */
export function CustomerNav({
  unread,
  onNavigate,
  prefetch,
}: {
  unread: number;
  onNavigate?: () => void;
  prefetch?: false;
}) {
  return (
    <SectionNav
      label="Customer account"
      home="/customer"
      items={CUSTOMER_NAV}
      counts={{ "/customer/messages": unread }}
      onNavigate={onNavigate}
      prefetch={prefetch}
      classes={{
        link: "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
        current: "bg-primary text-primary-foreground",
        idle: "text-foreground hover:bg-muted",
        icon: "size-4 shrink-0",
        label: "flex-1",
        count: (current) =>
          cn(
            "rounded-full px-2 py-0.5 text-xs font-semibold",
            current ? "bg-primary-foreground text-primary" : "bg-terracotta text-white",
          ),
      }}
    />
  );
}
