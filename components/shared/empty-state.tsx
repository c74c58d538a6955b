import type { ComponentType, ReactNode } from "react";

import type { IconProps } from "@/components/icons";
import { cn } from "@/lib/utils";

const LOOKS = {
  list: { box: "rounded-2xl bg-card p-10", icon: "text-muted-foreground" },
  panel: { box: "rounded-xl p-8", icon: "text-primary" },
};

/**
 * A dashed box saying there is nothing here yet: icon, title, why, and what to do next (clear the
 * filters, add one). `list`: in a list's place on a screen, the title a heading of its own;
 * `panel`: inside a card that already has its heading.
 */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  look = "list",
}: {
  icon: ComponentType<IconProps>;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  look?: "list" | "panel";
}) {
  const { box, icon } = LOOKS[look];
  return (
    <div
      className={cn(
        "grid justify-items-center gap-3 border border-dashed border-border text-center",
        box,
      )}
    >
      <Icon className={cn("size-10", icon)} aria-hidden="true" />
      {look === "panel" ? (
        <p className="font-semibold text-foreground">{title}</p>
      ) : (
        <h2 className="font-display text-lg font-bold text-forest-deep">{title}</h2>
      )}
      {children ? <p className="max-w-sm text-sm text-muted-foreground">{children}</p> : null}
      {action}
    </div>
  );
}
