import { type FeeLineGroup, RESIDENCY_ASSUMED_NOTE } from "@/lib/parks/fees";
import { cn } from "@/lib/utils";

/**
 * A booking's park fees as rows of a `<dl>` (the pay page, the request's page, My Bookings): each category's
 * permit at its face value, a fee in shillings with the dollars it was converted to and the rate,
 * and what the total counts for it.
 */
export function FeeRows({
  fees,
  rowClassName = "flex flex-wrap items-baseline justify-between gap-x-6 gap-y-0.5 py-2.5 text-sm",
  amountClassName = "ml-auto text-right",
}: {
  fees: readonly FeeLineGroup[];
  /** A list whose other rows are laid out otherwise (My Bookings) gives its own row and amount. */
  rowClassName?: string;
  amountClassName?: string;
}) {
  return (
    <>
      {fees.map((fee) => (
        <div key={fee.text} className={rowClassName}>
          <dt className="min-w-0 text-muted-foreground">
            {fee.text}
            {fee.converted ? <span className="block text-xs">{fee.converted}</span> : null}
          </dt>
          <dd className={cn("font-medium text-foreground tabular-nums", amountClassName)}>
            {fee.amount}
          </dd>
        </div>
      ))}
      {fees.some((fee) => fee.residencyAssumed) ? (
        <div className="pb-2.5 text-xs text-muted-foreground">
          <dt className="sr-only">Residency</dt>
          <dd>{RESIDENCY_ASSUMED_NOTE}</dd>
        </div>
      ) : null}
    </>
  );
}
