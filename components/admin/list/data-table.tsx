import type { ReactNode } from "react";

import { cn } from "@/lib/utils";

export type Column = {
  label: string;
  /** Right-aligned (numbers, actions). */
  end?: boolean;
  /**
   * Kept at the right edge while a wide table scrolls sideways (a row's Edit): give the row's
   * cell `STICKY_END_CELL` too.
   */
  sticky?: boolean;
};

/** The classes of a row's cell under a `sticky` column. */
export const STICKY_END_CELL = "sticky right-0 bg-card shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.15)]";

export type DataTableProps<T> = {
  /** Names the table and the card list for screen readers ('Bookings, newest first'). */
  caption: string;
  /** The card list's name, when shorter than the caption ('Subscribers'). */
  cardsLabel?: string;
  columns: readonly Column[];
  rows: readonly T[];
  /** The cells of a table row. */
  row: (item: T) => ReactNode;
  /** The content of a card. */
  card: (item: T) => ReactNode;
  /** A wide table scrolls sideways instead of squeezing its columns ('64rem'). */
  minWidth?: string;
};

/**
 * An admin list's rows (each keyed by its id): a table from 768 px, a list of cards below it (a
 * phone cannot show nine columns). The table's first cell of a row should be a `RowHeader`;
 * `Cell` for the others.
 */
export function DataTable<T extends { id: string }>({
  caption,
  cardsLabel = caption,
  columns,
  rows,
  row,
  card,
  minWidth,
}: DataTableProps<T>) {
  return (
    <>
      <div className="relative hidden overflow-x-auto rounded-2xl border border-border/70 bg-card shadow-sm md:block">
        <table className="w-full text-left text-sm" style={minWidth ? { minWidth } : undefined}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-border bg-muted/50 text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              {columns.map((c) => (
                <th
                  key={c.label}
                  scope="col"
                  className={cn(
                    "px-4 py-3 font-semibold whitespace-nowrap",
                    c.end && "text-right",
                    c.sticky && `${STICKY_END_CELL} bg-muted`,
                  )}
                >
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border/70">
            {rows.map((item) => (
              <tr key={item.id} className="align-middle transition-colors hover:bg-muted/30">
                {row(item)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid grid-cols-1 gap-3 md:hidden" aria-label={cardsLabel}>
        {rows.map((item) => (
          <li
            key={item.id}
            className="grid min-w-0 grid-cols-1 gap-3 rounded-2xl border border-border/70 bg-card p-4 shadow-sm"
          >
            {card(item)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A row's naming cell (its title for screen readers). */
export function RowHeader({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <th scope="row" className={cn("px-4 py-3 font-semibold text-forest-deep", className)}>
      {children}
    </th>
  );
}

export function Cell({
  children,
  end,
  className,
}: {
  children: ReactNode;
  end?: boolean;
  className?: string;
}) {
  return <td className={cn("px-4 py-3", end && "text-right", className)}>{children}</td>;
}

/** The top of a card: its title and subtitle, and a badge or control on the right. */
export function CardHeader({
  title,
  subtitle,
  aside,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="font-semibold break-words text-forest-deep">{title}</p>
        {subtitle ? <p className="text-sm break-words text-muted-foreground">{subtitle}</p> : null}
      </div>
      {aside ? <div className="shrink-0">{aside}</div> : null}
    </div>
  );
}

/** A card's facts as label and value pairs, two to a line. */
export function CardFacts({
  facts,
}: {
  /** `wide`: a long value (a reference) that takes the card's whole width. */
  facts: readonly { label: string; value: ReactNode; wide?: boolean }[];
}) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      {facts.map(({ label, value, wide }) => (
        <div key={label} className={wide ? "col-span-2" : undefined}>
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
