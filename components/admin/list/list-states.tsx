import Link from "next/link";
import type { ComponentProps, ReactNode } from "react";

import { SearchX } from "@/components/icons";
import { ListPager } from "@/components/lists/list-pager";
import { EmptyState } from "@/components/shared/empty-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

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

/**
 * One page of a list, in the order every list screen shows it: what stands above (`before`), the
 * count, then the rows (`children`) or, with none, why: the filters match nothing (`noMatches`,
 * with a link to the list without them) or there is nothing yet (`empty`); last the pager
 * (`pages`, `href`: components/lists/list-pager.tsx).
 */
export function ListFrame({
  before,
  count,
  result,
  pages,
  href,
  filtered,
  noMatches,
  empty,
  children,
}: ComponentProps<typeof ListPager> & {
  before?: ReactNode;
  count: ReactNode;
  filtered: boolean;
  noMatches: { title: string; clearHref: string };
  empty: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid grid-cols-1 gap-4">
      {before}
      <ListCount>{count}</ListCount>
      {result.items.length === 0 ? (
        filtered ? (
          <NoMatches title={noMatches.title} clearHref={noMatches.clearHref}>
            Try other filters or clear them.
          </NoMatches>
        ) : (
          empty
        )
      ) : (
        children
      )}
      <ListPager pages={pages} result={result} href={href} />
    </div>
  );
}
