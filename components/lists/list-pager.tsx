import Link from "next/link";

import { ChevronLeft, ChevronRight } from "@/components/icons";
import { Button } from "@/components/ui/button";
import { type Page, pagerText } from "@/lib/list-query";

/** A list's pages as its pager tells them: its navigation's name, its rows' noun, rows a page. */
export type ListPages = { label: string; noun: string; pageSize: number };

/** What the pager reads of a page of rows. */
export type PagerResult = Pick<Page<unknown>, "items" | "page" | "pageCount" | "total" | "capped">;

/** `pages` of a ListPager: 'Bookings pages', 'bookings', 10. */
export const listPages = (label: string, noun: string, pageSize: number): ListPages => ({
  label,
  noun,
  pageSize,
});

/**
 * 'Showing x to y of n {noun}', then Previous, 'Page p of N' and Next, for a list whose page is in
 * the URL. With a single page only the 'Showing' line is left; with no rows, nothing.
 */
export function ListPager({
  pages: { label, noun, pageSize },
  result,
  href,
}: {
  /** The list's navigation name ('Bookings pages'), its rows' noun and its page size. */
  pages: ListPages;
  result: PagerResult;
  href: (page: number) => string;
}) {
  const { page, pageCount, total } = result;
  if (total === 0 || result.items.length === 0) return null;
  const { showing, pageOf } = pagerText({ ...result, shown: result.items.length }, pageSize, noun);
  if (pageCount <= 1) return <p className="text-sm text-muted-foreground">{showing}</p>;
  return (
    <nav
      aria-label={label}
      className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between"
    >
      <p className="text-sm text-muted-foreground">{showing}</p>
      <div className="flex items-center gap-2">
        <PagerLink href={page > 1 ? href(page - 1) : null} direction="previous" />
        <p className="px-2 text-sm font-medium whitespace-nowrap">{pageOf}</p>
        <PagerLink href={page < pageCount ? href(page + 1) : null} direction="next" />
      </div>
    </nav>
  );
}

function PagerLink({ href, direction }: { href: string | null; direction: "previous" | "next" }) {
  const content =
    direction === "previous" ? (
      <>
        <ChevronLeft aria-hidden="true" />
        Previous
      </>
    ) : (
      <>
        Next
        <ChevronRight aria-hidden="true" />
      </>
    );
  if (!href) {
    return (
      <Button variant="outline" size="sm" disabled className="bg-card">
        {content}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" size="sm" className="bg-card">
      <Link href={href} scroll={false}>
        {content}
      </Link>
    </Button>
  );
}
