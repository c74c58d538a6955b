import type { ReactNode } from "react";

import { cn } from "@/lib/utils";

/**
 * The dark 'Need help?' panel beside a booking form: a heading, a line of text and the ways to
 * reach the office (children). `compact` is the narrower one of the customer area.
 */
export function HelpPanel({
  as: Tag = "section",
  headingId,
  title,
  text,
  compact = false,
  children,
}: {
  as?: "section" | "aside";
  headingId: string;
  title: string;
  text: string;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <Tag
      aria-labelledby={headingId}
      className={cn(compact && "h-fit", "rounded-2xl bg-forest-deep p-6 text-white shadow-sm")}
    >
      <h2 id={headingId} className={`font-display ${compact ? "text-xl" : "text-2xl"} font-bold`}>
        {title}
      </h2>
      <p className={compact ? "mt-2 text-sm text-white/85" : "mt-2 text-white/85"}>{text}</p>
      {children}
    </Tag>
  );
}
