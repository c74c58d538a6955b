"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

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
  const pathname = usePathname();
  return (
    <nav aria-label="Customer account">
      <ul className="grid gap-1">
        {CUSTOMER_NAV.map(({ href, label, icon: Icon }) => {
          const active =
            href === "/customer"
              ? pathname === href
              : pathname === href || pathname.startsWith(`${href}/`);
          return (
            <li key={href}>
              <Link
                href={href}
                prefetch={prefetch}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                  active ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-muted",
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                <span className="flex-1">{label}</span>
                {href === "/customer/messages" && unread > 0 ? (
                  <span
                    className={cn(
                      "rounded-full px-2 py-0.5 text-xs font-semibold",
                      active ? "bg-primary-foreground text-primary" : "bg-terracotta text-white",
                    )}
                  >
                    {unread}
                    <span className="sr-only"> unread</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
