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
}: {
  variant: "rail" | "drawer";
  onNavigate?: () => void;
}) {
  const pathname = usePathname();
  return (
    <nav aria-label="Admin sections">
      <ul className="grid gap-1">
        {ADMIN_NAV.map(({ href, label, icon: Icon }) => {
          const active = isCurrentSection(href, pathname);
          return (
            <li key={href}>
              <Link
                href={href}
                prefetch={variant === "drawer" ? false : undefined}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex h-11 items-center gap-3 overflow-hidden rounded-xl px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
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
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
