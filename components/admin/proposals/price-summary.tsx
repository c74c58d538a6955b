import { formatMoney } from "@/lib/payments/ledger";
import type { ProposalVersionDto } from "@/lib/proposals/data/staff";

const money = (minor: number) => formatMoney(minor, "USD");

/**
 * The version's money at a glance: what it costs us, the park fees at face value, the markup,
 * the suggested prices beside the prices set, the total and the margin.
 */
export function PriceSummary({ version }: { version: ProposalVersionDto }) {
  const s = version.suggested;
  const rows: { label: string; suggested: string | null; set: string }[] = [
    {
      label: "Per adult",
      suggested: s ? money(s.pricePerAdultMinor) : null,
      set: money(version.pricePerAdultMinor),
    },
    ...(version.children > 0
      ? [
          {
            label: "Per child",
            suggested: s ? money(s.pricePerChildMinor) : null,
            set: money(version.pricePerChildMinor),
          },
        ]
      : []),
    ...(version.singleRooms > 0
      ? [
          {
            label: "Single supplement",
            suggested: s ? money(s.singleSupplementMinor) : null,
            set: money(version.singleSupplementMinor),
          },
        ]
      : []),
  ];
  const { marginMinor, percent } = version.margin;
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <Fact label="Cost (lines)" value={money(version.costMinor)} />
        <Fact label="Park fees (face value)" value={money(version.parkFeesMinor)} />
        <Fact label="Markup" value={`${version.markupPercent}%`} />
        <Fact
          label="Margin"
          value={`${money(marginMinor)}${percent === null ? "" : ` (${percent}%)`}`}
          tone={marginMinor < 0 ? "bad" : undefined}
        />
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Sell prices</caption>
          <thead className="text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="py-1 text-left font-semibold">
                Price
              </th>
              {s ? (
                <th scope="col" className="py-1 text-right font-semibold">
                  Suggested
                </th>
              ) : null}
              <th scope="col" className="py-1 text-right font-semibold">
                {s ? "Set" : "Sent at"}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border/70">
            {rows.map((r) => (
              <tr key={r.label}>
                <th scope="row" className="py-2 text-left font-medium">
                  {r.label}
                </th>
                {s ? <td className="py-2 text-right">{r.suggested}</td> : null}
                <td className="py-2 text-right font-semibold">{r.set}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" className="py-2 text-left font-semibold">
                Total
              </th>
              {s ? <td className="py-2 text-right">{money(s.totalMinor)}</td> : null}
              <td className="py-2 text-right font-bold text-forest-deep">
                {money(version.totalMinor)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      {s?.feesUnpriced ? (
        <p className="rounded-lg bg-amber-100 p-3 text-sm text-amber-900" role="note">
          Some park fees have no tariff on their day for this residency, or are in shillings without
          a rate: they count nothing until the Tariffs or the rate are set.
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        Deposit {version.depositPercent}%
        {version.balanceDueOn ? `, balance due ${version.balanceDueOn}` : ""}. Park fees are passed
        on at face value, never marked up.
      </p>
    </div>
  );
}

function Fact({ label, value, tone }: { label: string; value: string; tone?: "bad" }) {
  return (
    <div className="rounded-xl bg-muted/50 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={tone === "bad" ? "font-semibold text-red-800" : "font-semibold"}>{value}</dd>
    </div>
  );
}
