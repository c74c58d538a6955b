import type { ComponentType, ReactNode } from "react";

import type { IconProps } from "@/components/icons";
import { NavLink } from "@/components/shared/nav-link";
import { cn } from "@/lib/utils";

export type ListTab = {
  href: string;
  label: ReactNode;
  current: boolean;
  icon?: ComponentType<IconProps>;
};

/**
 * Views of a list as links in a segmented bar (tabs, filters with counts): the view is in the URL,
 * so it can be bookmarked, and the server renders it.
 */
export function ListTabs({
  label,
  tabs,
  className,
}: {
  label: string;
  tabs: readonly ListTab[];
  className?: string;
}) {
  return (
    <nav aria-label={label} className={cn("flex gap-1 rounded-xl bg-secondary/70 p-1", className)}>
      {tabs.map(({ href, label: text, current, icon: Icon }) => (
        <NavLink
          key={href}
          href={href}
          scroll={false}
          current={current}
          className="inline-flex flex-1 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors sm:flex-none sm:px-4"
          currentClassName="bg-card text-forest-deep shadow-sm"
          idleClassName="text-muted-foreground hover:bg-card/60 hover:text-forest-deep"
        >
          {Icon ? <Icon className="size-4" aria-hidden="true" /> : null}
          {text}
        </NavLink>
      ))}
    </nav>
  );
}
