import Link from "next/link";
import type { ReactNode } from "react";

import { DataTable, type DataTableProps } from "@/components/admin/list/data-table";
import { SearchX } from "@/components/icons";
import { ListDate } from "@/components/lists/list-date";
import { type ListPages, ListPager, type PagerResult } from "@/components/lists/list-pager";
import { EmptyState } from "@/components/shared/empty-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { countLabel } from "@/lib/list-query";
import { cn } from "@/lib/utils";

/** '1 event', '1,000+ events': how many rows match, in the count line. */
export function rowCount(result: PagerResult, one: string, many: string): string {
  return `${countLabel(result.total, result.capped)} ${result.total === 1 && !result.capped ? one : many}`;
}

/** The line above a list saying how many rows match; announced when it changes. */
export function ListCount({ children }: { children: ReactNode }) {
  return (
    <p className="text-sm font-medium text-muted-foreground" role="status">
      {children}
    </p>
  );
}

/** What a list shows while its rows load: the count line and a few rows. */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    // A status region: a plain div may not carry a label, and the label is what a screen reader
    // hears while the rows load.
    <div role="status" className="grid grid-cols-1 gap-4" aria-busy="true" aria-label={label}>
      <Skeleton className="h-5 w-36" />
      <div className="grid gap-2 rounded-2xl border border-border/70 bg-card p-4">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className="h-12 rounded-lg" />
        ))}
      </div>
    </div>
  );
}

/**
 * A list's search and filters in one panel; the search takes the room that is left. `className`:
 * e.g. `md:flex-wrap` for more filters than one line holds at 768 px.
 */
export function ListToolbar({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        "flex flex-col gap-3 rounded-2xl border border-border/70 bg-card p-4 shadow-sm md:flex-row md:items-end md:[&>*:not(:first-child)]:w-56",
        className,
      )}
    >
      {children}
    </div>
  );
}

/** A search or filters that match nothing: says so, and offers the list without them. */
export function NoMatches({
  title,
  clearHref,
  children,
}: {
  title: string;
  clearHref: string;
  children: ReactNode;
}) {
  return (
    <EmptyState
      icon={SearchX}
      title={title}
      action={
        <Button asChild variant="outline" className="bg-card">
          <Link href={clearHref}>Clear filters</Link>
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}

/** A list's From and To day filters (`from`, `to` in the URL), ids `<idPrefix>-from` and `-to`. */
export function ListDates({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <ListDate id={`${idPrefix}-from`} label="From" param="from" />
      <ListDate id={`${idPrefix}-to`} label="To" param="to" />
    </>
  );
}

type FrameProps = {
  /** What stands above the count (a filter's note, the counts' cards). */
  before?: ReactNode;
  /** The count line; none when left out. */
  count?: ReactNode;
  result: PagerResult;
  /** The pager's names and size (components/lists/list-pager.tsx); a list on one page has none. */
  pages?: ListPages;
  href?: (page: number) => string;
  /** With no rows, the search or filters are why: say so, with a link to the list without them. */
  filtered?: boolean;
  noMatches?: { title: string; clearHref: string; message?: string };
  /** With no rows and nothing filtered: there is nothing yet. */
  empty: ReactNode;
  className?: string;
};

/**
 * One page of a list, in the order every list screen shows it: what stands above (`before`), the
 * count, then the rows (`children`) or, with none, why: the filters match nothing (`noMatches`,
 * with a link to the list without them) or there is nothing yet (`empty`); last the pager.
 */
export function ListFrame({
  before,
  count,
  result,
  pages,
  href,
  filtered = false,
  noMatches,
  empty,
  className = "gap-4",
  children,
}: FrameProps & { children: ReactNode }) {
  return (
    <div className={cn("grid grid-cols-1", className)}>
      {before}
      {count ? <ListCount>{count}</ListCount> : null}
      {result.items.length > 0 ? (
        children
      ) : filtered && noMatches ? (
        <NoMatches title={noMatches.title} clearHref={noMatches.clearHref}>
          {noMatches.message ?? "Try other filters or clear them."}
        </NoMatches>
      ) : (
        empty
      )}
      {pages && href ? <ListPager pages={pages} result={result} href={href} /> : null}
    </div>
  );
}

/** A ListFrame whose rows are a DataTable of the page's items. */
export function ListTable<T extends { id: string }>({
  caption,
  cardsLabel,
  columns,
  minWidth,
  row,
  card,
  ...frame
}: FrameProps & { result: { items: readonly T[] } } & Omit<DataTableProps<T>, "rows">) {
  return (
    <ListFrame {...frame}>
      <DataTable
        caption={caption}
        cardsLabel={cardsLabel}
        columns={columns}
        minWidth={minWidth}
        rows={frame.result.items}
        row={row}
        card={card}
      />
    </ListFrame>
  );
}
