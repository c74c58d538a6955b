import Link from "next/link";

import { ChevronLeft, ChevronRight } from "@/components/icons";
import { Button } from "@/components/ui/button";
import { countLabel } from "@/lib/admin-messages";

/** Previous / Next of a list whose page is in the URL (customer bookings, admin lists); hidden with a single page. */
export function ListPager({
  label,
  page,
  pageCount,
  total,
  pageSize,
  shown,
  capped = false,
  href,
}: {
  label: string;
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  shown: number;
  /** The total is a search's capped count: there are more pages. */
  capped?: boolean;
  href: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const from = (page - 1) * pageSize + 1;
  const to = from + shown - 1;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Button asChild variant="outline" className="bg-card">
          <Link href={href(page - 1)} scroll={false}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Link>
        </Button>
      ) : (
        <Button variant="outline" disabled className="bg-card">
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
      )}
      <p className="text-center text-sm text-muted-foreground">
        <span className="hidden sm:inline">{`Showing ${from} to ${to} of ${countLabel(total, capped)} · `}</span>
        {`Page ${page} of ${countLabel(pageCount, capped)}`}
      </p>
      {page < pageCount ? (
        <Button asChild variant="outline" className="bg-card">
          <Link href={href(page + 1)} scroll={false}>
            Next
            <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      ) : (
        <Button variant="outline" disabled className="bg-card">
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      )}
    </nav>
  );
}
