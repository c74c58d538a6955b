"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

import { cn } from "@/lib/utils";

import { ADMIN_NAV, isCurrentSection } from "./nav-items";

/**
 * The section links, the current one highlighted (`aria-current`). `rail`: the desktop sidebar,
 * where the labels show only while the rail is expanded (hover or keyboard focus inside it); they
 * stay in the accessible name either way. `drawer`: the phone menu, labels always shown.
 */
export function AdminNav({
  variant,
  onNavigate,
  counts = {},
}: {
  variant: "rail" | "drawer";
  onNavigate?: () => void;
  /** A number to show beside a section (e.g. customer threads waiting for staff), by href. */
  counts?: Partial<Record<string, number>>;
}) {
  const pathname = usePathname();
  return (
    <nav aria-label="Admin sections">
      <ul className="grid gap-1">
        {ADMIN_NAV.map(({ href, label, icon: Icon }) => {
          const active = isCurrentSection(href, pathname);
          const count = counts[href] ?? 0;
          return (
            <li key={href}>
              <Link
                href={href}
                prefetch={variant === "drawer" ? false : undefined}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "relative flex h-11 items-center gap-3 overflow-hidden rounded-xl px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                  active
                    ? "bg-primary text-primary-foreground shadow-sm"
                    : "text-foreground hover:bg-muted",
                )}
              >
                <Icon className="size-5 shrink-0" aria-hidden="true" />
                <span
                  className={cn(
                    variant === "rail" &&
                      "opacity-0 transition-opacity duration-150 group-focus-within/rail:opacity-100 group-hover/rail:opacity-100",
                  )}
                >
                  {label}
                </span>
                {count > 0 ? (
                  <span
                    className={cn(
                      "ml-auto inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-xs leading-5 font-semibold",
                      active
                        ? "bg-primary-foreground text-primary"
                        : "bg-terracotta-text text-white",
                      variant === "rail" &&
                        "absolute top-1 left-8 ml-0 min-w-4 px-1 text-[0.65rem] leading-4 group-focus-within/rail:static group-focus-within/rail:ml-auto group-focus-within/rail:min-w-5 group-focus-within/rail:text-xs group-focus-within/rail:leading-5 group-hover/rail:static group-hover/rail:ml-auto group-hover/rail:min-w-5 group-hover/rail:text-xs group-hover/rail:leading-5",
                    )}
                  >
                    {count > 99 ? "99+" : count}
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
