import { formatDayTime } from "@/lib/dates";
import type { UgxRateLine } from "@/lib/payments/data/rates";
import { rateDay, rateWords } from "@/lib/payments/ugx";

import { UgxRateForm } from "./ugx-rate-form";

/**
 * The shilling rate on the Payments screen: the rate the pay page uses now, the last ones set
 * (who set each, when, from when), and the form to set a new one. `rates` null: the read failed.
 */
export function UgxRates({ rates }: { rates: UgxRateLine[] | null }) {
  const current = rates?.find((r) => r.current) ?? null;
  return (
    <section
      aria-labelledby="ugx-rate-title"
      className="grid gap-4 rounded-2xl border border-border/70 bg-card p-5 shadow-sm sm:p-6"
    >
      <div>
        <h2 id="ugx-rate-title" className="font-display text-xl font-bold text-forest-deep">
          Shilling rate
        </h2>
        <p className="mt-1 text-sm text-muted-foreground" data-testid="ugx-rate-current">
          {rates === null
            ? "The rates could not be read."
            : current
              ? `Current rate: ${rateWords(current.ugxPerUsd)}, rate of ${rateDay(current.effectiveFrom)}. Payers may pay in Uganda shillings by mobile money.`
              : "No rate is set: payers can pay in US dollars only."}
        </p>
      </div>
      {rates && rates.length > 0 ? (
        // Wider than a phone: the table scrolls sideways, so its region takes keyboard focus
        // (arrow keys scroll it) and is named for the screen reader that lands on it.
        <div
          className="overflow-x-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          role="region"
          aria-label="Shilling rates"
          tabIndex={0}
        >
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th className="py-1 pr-3 font-medium">Rate</th>
                <th className="py-1 pr-3 font-medium">Effective from</th>
                <th className="py-1 pr-3 font-medium">Set by</th>
                <th className="py-1 font-medium">Set on</th>
              </tr>
            </thead>
            <tbody>
              {rates.map((r) => (
                <tr key={r.id} className="border-t border-border/60">
                  <td className="py-1.5 pr-3 whitespace-nowrap">
                    {rateWords(r.ugxPerUsd)}
                    {r.current ? <span className="ml-2 text-xs font-medium">(current)</span> : null}
                  </td>
                  <td className="py-1.5 pr-3 whitespace-nowrap">
                    {formatDayTime(r.effectiveFrom)}
                  </td>
                  <td className="py-1.5 pr-3">{r.setByName}</td>
                  <td className="py-1.5 whitespace-nowrap">{formatDayTime(r.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <UgxRateForm />
    </section>
  );
}
