"use client";

import { usePathname } from "next/navigation";

import type { IconProps } from "@/components/icons";

import { NavLink } from "./nav-link";

export type SectionNavItem = {
  href: string;
  label: string;
  icon: React.ComponentType<IconProps>;
};

/** The current section: the area's home only on itself, any other section on its whole subtree. */
export function isCurrentSection(href: string, pathname: string, home: string): boolean {
  return href === home ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * An area's section links (admin rail and drawer, customer sidebar and menu), the current one
 * highlighted, with a count of unread items beside a section where there are any. The area
 * gives the looks.
 */
export function SectionNav({
  label,
  home,
  items,
  counts = {},
  countText = String,
  onNavigate,
  prefetch,
  classes,
}: {
  label: string;
  /** The area's dashboard, current only on its own path. */
  home: string;
  items: readonly SectionNavItem[];
  /** Unread items by section href. */
  counts?: Partial<Record<string, number>>;
  countText?: (count: number) => string;
  onNavigate?: () => void;
  prefetch?: false;
  classes: {
    link: string;
    current: string;
    idle: string;
    icon: string;
    label?: string;
    count: (current: boolean) => string;
  };
}) {
  const pathname = usePathname();
  return (
    <nav aria-label={label}>
      <ul className="grid gap-1">
        {items.map(({ href, label: text, icon: Icon }) => {
          const current = isCurrentSection(href, pathname, home);
          const count = counts[href] ?? 0;
          return (
            <li key={href}>
              <NavLink
                href={href}
                prefetch={prefetch}
                onClick={onNavigate}
                current={current}
                className={classes.link}
                currentClassName={classes.current}
                idleClassName={classes.idle}
              >
                <Icon className={classes.icon} aria-hidden="true" />
                <span className={classes.label}>{text}</span>
                {count > 0 ? (
                  <span className={classes.count(current)}>
                    {countText(count)}
                    <span className="sr-only"> unread</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
