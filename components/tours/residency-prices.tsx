import type { Residency } from "@/lib/domain";
import type { TourFeePrices } from "@/lib/parks/data/fees";
import { DEFAULT_RESIDENCY } from "@/lib/parks/fees";
import { formatFee } from "@/lib/parks/rules";
import { rateDay } from "@/lib/payments/ugx";

/** 'From US$2,000', or a request for a quote when the category's fee cannot be priced. */
const headline = (totalMinor: number | null) =>
  totalMinor === null ? "Price on request" : `From ${formatFee(totalMinor, "USD")}`;

const priceId = (residency: Residency) => `price-${residency}`;

/**
 * A permit tour's price by residency on its page's booking card: the headline (a foreign
 * non-resident's from-price, the tour and the permit together) and a radio group of the
 * categories that shows the chosen one's price and what it is made of. No script: every price is
 * in the page, and the stylesheet shows the checked category's (app/(site)/site.css
 * `.residency-prices`); each radio is described by its price, so a screen reader says it as the
 * category is chosen. Without :has() the foreign non-resident's stays shown.
 */
export function ResidencyPrices({
  fees,
  landFrom,
}: {
  fees: TourFeePrices;
  /** The land part's from-price, whole US dollars. */
  landFrom: number;
}) {
  const rate = fees.rate ? `, rate of ${rateDay(fees.rate.effectiveFrom)}` : "";
  return (
    <>
      {fees.prices.map((price) => (
        <div key={price.residency} data-price={price.residency}>
          <p className="mt-3">
            <span className="font-display text-3xl font-bold text-savanna">
              {headline(price.totalMinor)}
            </span>
            {price.totalMinor !== null ? (
              <span className="ml-1 text-sm text-white/80">per person</span>
            ) : null}
          </p>
          <p id={priceId(price.residency)} className="mt-1 text-sm text-white/85">
            <span className="font-semibold text-white">{price.label}:</span>{" "}
            {price.fee
              ? `${formatFee(landFrom * 100, "USD")} tour + ${price.fee.text}${price.fee.converted ? ` (${price.fee.converted}${rate})` : ""}.`
              : "UWA's fee for this category is priced on request: ask us."}
          </p>
        </div>
      ))}
    </>
  );
}

/** The categories as a radio group (inside the same `.residency-prices` element as the prices). */
export function ResidencySwitch({ fees }: { fees: TourFeePrices }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-semibold text-forest-deep">
        Price for a traveller who is
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {fees.prices.map((price) => (
          <label
            key={price.residency}
            className="flex min-h-11 cursor-pointer items-center justify-center rounded-xl border border-border bg-card px-2 py-2 text-center text-sm font-medium text-foreground transition-colors hover:border-primary/50 has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:checked]:ring-1 has-[:checked]:ring-primary has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
          >
            <input
              type="radio"
              name="price-residency"
              value={price.residency}
              defaultChecked={price.residency === DEFAULT_RESIDENCY}
              aria-describedby={priceId(price.residency)}
              className="sr-only"
            />
            {price.label}
          </label>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        Park permits are sold at UWA&apos;s face value, at the tariff in force on the trek day
        (today&apos;s shown).
      </p>
    </fieldset>
  );
}
