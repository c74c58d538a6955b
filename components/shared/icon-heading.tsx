import type { ComponentType, ReactNode } from "react";

import type { IconProps } from "@/components/icons";

/** A heading led by its icon (hidden from screen readers); `id` for the region it names. */
export function IconHeading({
  as: Tag = "h2",
  id,
  icon: Glyph,
  iconClassName,
  className,
  children,
}: {
  as?: "h2" | "h3";
  id: string;
  icon: ComponentType<IconProps>;
  iconClassName: string;
  className: string;
  children: ReactNode;
}) {
  return (
    // Joined, not cn(): no caller overrides the layout classes, and tailwind-merge would join the
    // first load of the tour page, whose departures (a client component) draw this heading.
    <Tag id={id} className={`flex items-center gap-2 ${className}`}>
      <Glyph className={iconClassName} aria-hidden="true" />
      {children}
    </Tag>
  );
}
