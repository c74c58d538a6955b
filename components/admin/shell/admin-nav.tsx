"use client";

import { SectionNav } from "@/components/shared/section-nav";
import { cn } from "@/lib/utils";

import { type AdminChromeProps, adminNavFor } from "./nav-items";

/**
 * The section links, the current one highlighted (`aria-current`). `rail`: the desktop sidebar,
 * where the labels show only while the rail is expanded (hover or keyboard focus inside it); they
 * stay in the accessible name either way. `drawer`: the phone menu, labels always shown.
 */
export function AdminNav({
  variant,
  onNavigate,
  counts = {},
  role,
}: {
  variant: "rail" | "drawer";
  onNavigate?: () => void;
  counts?: AdminChromeProps["counts"];
  role: AdminChromeProps["role"];
}) {
  const rail = variant === "rail";
  return (
    <SectionNav
      label="Admin sections"
      home="/admin"
      items={adminNavFor(role)}
      counts={counts}
      countText={(count) => (count > 99 ? "99+" : String(count))}
      onNavigate={onNavigate}
      prefetch={rail ? undefined : false}
      classes={{
        link: "relative flex h-11 items-center gap-3 overflow-hidden rounded-xl px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
        current: "bg-primary text-primary-foreground shadow-sm",
        idle: "text-foreground hover:bg-muted",
        icon: "size-5 shrink-0",
        label: rail
          ? "opacity-0 transition-opacity duration-150 group-has-focus-visible/rail:opacity-100 group-hover/rail:opacity-100"
          : undefined,
        count: (current) =>
          cn(
            "ml-auto inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-xs leading-5 font-semibold",
            current ? "bg-primary-foreground text-primary" : "bg-terracotta-text text-white",
            rail &&
              "absolute top-1 left-8 ml-0 min-w-4 px-1 text-[0.65rem] leading-4 group-has-focus-visible/rail:static group-has-focus-visible/rail:ml-auto group-has-focus-visible/rail:min-w-5 group-has-focus-visible/rail:text-xs group-has-focus-visible/rail:leading-5 group-hover/rail:static group-hover/rail:ml-auto group-hover/rail:min-w-5 group-hover/rail:text-xs group-hover/rail:leading-5",
          ),
      }}
    />
  );
}
