import { formatTripDay } from "@/lib/dates";
import type { WizardPrice } from "@/lib/bookings/price";
import { RESIDENCY_ASSUMED_NOTE, unpricedFeeMessage } from "@/lib/parks/fees";
import { formatMoney } from "@/lib/payments/ledger";
import { formatUsd } from "@/lib/tours/rules";

const usd = (minor: number) => formatMoney(minor, "USD");

/**
 * The trip and its price on the wizards' trip and last steps: the tour, the date, the tier times
 * the travellers, on a permit tour each category's park fees and the total, the deposit and when
 * the balance falls due. On a departure this is what the checkout asks; a private trip's is the
 * price staff confirm it at unless they change it.
 */
export function PriceSummary({
  tour,
  dates,
  price,
  departure,
  priced,
}: {
  tour: string | null;
  dates: string | null;
  price: WizardPrice | null;
  /** On a departure the deposit is paid now; on a private trip once staff confirm. */
  departure: boolean;
  /** The tour has prices (a custom package is quoted by staff). */
  priced: boolean;
}) {
  if (!tour) return null;
  const travellers = price
    ? `${price.groupSize} ${price.groupSize === 1 ? "traveller" : "travellers"}`
    : "";
  return (
    // The whole row of either step's grid (two columns on the trip step, one on the last): a span
    // of two in a one-column grid would add a column beside it and squeeze the others into half.
    <section
      aria-label="Your trip and price"
      className="col-span-full grid gap-3 rounded-xl border border-primary/30 bg-secondary/50 p-4 text-sm"
    >
      <div className="min-w-0">
        <p className="font-semibold break-words text-forest-deep">{tour}</p>
        <p className="text-muted-foreground">{dates ?? "Choose a date"}</p>
      </div>
      {price ? (
        // Two lists around the notes: a list of terms holds only its terms and their values.
        <div className="grid gap-1.5">
          <dl className="grid gap-1.5">
            <div className="flex flex-wrap justify-between gap-x-3">
              <dt>
                {price.tier}: {formatUsd(price.unitPrice)} x {travellers}
              </dt>
              <dd className={price.fees.length ? "font-medium" : "font-semibold text-forest-deep"}>
                {usd(price.landMinor)}
              </dd>
            </div>
            {price.fees.map((fee) => (
              <div key={fee.text} className="flex flex-wrap justify-between gap-x-3">
                <dt className="min-w-0">
                  {fee.text}
                  {fee.converted ? (
                    <span className="block text-xs text-muted-foreground">{fee.converted}</span>
                  ) : null}
                </dt>
                <dd className="font-medium">{fee.amount}</dd>
              </div>
            ))}
            {price.fees.length ? (
              <div className="flex flex-wrap justify-between gap-x-3 border-t border-primary/20 pt-1.5">
                <dt className="font-semibold">Total</dt>
                <dd className="font-semibold text-forest-deep" data-testid="price-total">
                  {usd(price.totalMinor)}
                </dd>
              </div>
            ) : null}
          </dl>
          {price.fees.some((fee) => fee.residencyAssumed) ? (
            <p className="text-xs text-muted-foreground">{RESIDENCY_ASSUMED_NOTE}</p>
          ) : null}
          {price.feesAwaitDate ? (
            <p className="text-xs text-muted-foreground">
              Park permits are added at UWA&apos;s price for the trek day once the date is chosen.
            </p>
          ) : null}
          {[...new Set(price.unpricedFees.map(unpricedFeeMessage))].map((message) => (
            <p key={message} className="text-xs font-medium text-destructive">
              {message}
            </p>
          ))}
          <dl className="grid gap-1.5">
            {price.balanceDueNow ? (
              // Inside the balance window the whole price is owed at once: no deposit first.
              <div className="flex flex-wrap justify-between gap-x-3">
                <dt>
                  {departure ? "To pay now: the full price" : "Payable in full once we confirm"}
                </dt>
                <dd className="font-medium">{usd(price.totalMinor)}</dd>
              </div>
            ) : (
              <>
                <div className="flex flex-wrap justify-between gap-x-3">
                  <dt>
                    Deposit ({price.depositPercent}%) {departure ? "to pay now" : "once we confirm"}
                  </dt>
                  <dd className="font-medium">{usd(price.depositMinor)}</dd>
                </div>
                <div className="flex flex-wrap justify-between gap-x-3">
                  <dt>
                    {price.balanceDueOn
                      ? `Balance due by ${formatTripDay(price.balanceDueOn)}`
                      : "Balance due before departure"}
                  </dt>
                  <dd className="font-medium">{usd(price.balanceMinor)}</dd>
                </div>
              </>
            )}
          </dl>
        </div>
      ) : (
        <p className="text-muted-foreground">
          {priced
            ? "Choose the group size to see the price."
            : "We send you a price within 24 hours."}
        </p>
      )}
    </section>
  );
}
