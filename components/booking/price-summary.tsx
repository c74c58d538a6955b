import { formatTripDay } from "@/lib/dates";
import type { WizardPrice } from "@/lib/bookings/price";
import { formatMoney } from "@/lib/payments/ledger";
import { formatUsd } from "@/lib/tours/rules";

const usd = (minor: number) => formatMoney(minor, "USD");

/**
 * The trip and its price on the wizards' trip and last steps: the tour, the date, the tier times
 * the travellers, the deposit and when the balance falls due. On a departure this is what the
 * checkout asks; a private trip's is the price staff confirm it at unless they change it.
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
    <section
      aria-label="Your trip and price"
      className="grid gap-3 rounded-xl border border-primary/30 bg-secondary/50 p-4 text-sm sm:col-span-2"
    >
      <div className="min-w-0">
        <p className="font-semibold break-words text-forest-deep">{tour}</p>
        <p className="text-muted-foreground">{dates ?? "Choose a date"}</p>
      </div>
      {price ? (
        <dl className="grid gap-1.5">
          <div className="flex flex-wrap justify-between gap-x-3">
            <dt>
              {price.tier}: {formatUsd(price.unitPrice)} x {travellers}
            </dt>
            <dd className="font-semibold text-forest-deep">{usd(price.totalMinor)}</dd>
          </div>
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
