import type { ComponentType, ReactNode } from "react";

import type { IconProps } from "@/components/icons";

/** A dashed box saying a list is empty: icon, title, a line of text and what to do next. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: ComponentType<IconProps>;
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-border p-8 text-center">
      <Icon className="size-10 text-primary" aria-hidden="true" />
      <p className="font-semibold text-foreground">{title}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{children}</p>
      {action}
    </div>
  );
}
