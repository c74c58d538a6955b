import type { ComponentType } from "react";

import type { IconProps } from "@/components/icons";

export type Fact = { icon: ComponentType<IconProps>; label: string; value: string };

const STYLES = {
  // The rows of the 'Book This Tour' card.
  card: {
    item: "flex items-center justify-between gap-4 border-b border-border/60 pb-4 last:border-0 last:pb-0",
    term: "flex shrink-0 items-center gap-2 text-sm text-muted-foreground",
    icon: "size-4 shrink-0 text-primary",
    value: "text-right text-sm font-semibold text-forest-deep",
  },
  // The frosted tiles on the tour page's hero picture.
  hero: {
    item: "rounded-2xl border border-white/20 bg-white/10 px-4 py-3 backdrop-blur",
    term: "flex items-center gap-2 text-xs tracking-wide text-white/80 uppercase",
    icon: "size-4 shrink-0 text-savanna",
    value: "mt-1 pl-6 font-semibold",
  },
} as const;

/** A tour's key facts (duration, group size ...) as a description list, each with its icon. */
export function FactList({
  facts,
  variant,
  className,
}: {
  facts: Fact[];
  variant: keyof typeof STYLES;
  className: string;
}) {
  const style = STYLES[variant];
  return (
    <dl className={className}>
      {facts.map(({ icon: Icon, label, value }) => (
        <div key={label} className={style.item}>
          <dt className={style.term}>
            <Icon className={style.icon} aria-hidden="true" />
            {label}
          </dt>
          <dd className={style.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
