import { formatDay } from "@/lib/dates";
import { PARK_FEE_LABELS } from "@/lib/parks/rules";
import { formatMoney } from "@/lib/payments/ledger";
import type { ProposalVersionDto } from "@/lib/proposals/data/staff";
import { PROPOSAL_LINE_KIND_LABELS } from "@/lib/proposals/line-labels";

import { DayDialog } from "./day-dialog";
import { LineDialog, type LineChoices } from "./line-dialog";
import { RemoveButton } from "./version-buttons";

const money = (minor: number) => formatMoney(minor, "USD");

/** A version's days and their lines; a draft's with its add, edit and remove controls. */
export function VersionDays({
  version,
  editable,
  choices,
}: {
  version: ProposalVersionDto;
  editable: boolean;
  choices: LineChoices;
}) {
  return (
    <div className="grid gap-4">
      {version.days.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground">
          No days yet. Add the first day, then its stays, activities and transport.
        </p>
      ) : null}
      <ol className="grid gap-4">
        {version.days.map((d) => (
          <li
            key={d.id}
            className="grid gap-3 rounded-2xl border border-border/70 bg-card p-4 shadow-sm"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="font-semibold text-forest-deep">
                  Day {d.day}: {d.title}
                </h3>
                <p className="text-sm text-muted-foreground">
                  {formatDay(d.date)} · ends in {d.place}
                </p>
                {d.notes ? <p className="mt-1 text-sm whitespace-pre-line">{d.notes}</p> : null}
              </div>
              {editable ? (
                <div className="flex flex-wrap gap-1">
                  <DayDialog versionId={version.id} day={d} />
                  <RemoveButton
                    what="day"
                    input={{ versionId: version.id, dayId: d.id }}
                    label={`day ${d.day}`}
                  />
                </div>
              ) : null}
            </div>
            {d.lines.length ? (
              <ul className="grid divide-y divide-border/70 rounded-xl border border-border/70">
                {d.lines.map((l) => (
                  <li
                    key={l.id}
                    className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
                  >
                    <div className="min-w-0 flex-1">
                      <p className="font-medium break-words">
                        <span className="text-muted-foreground">
                          {PROPOSAL_LINE_KIND_LABELS[l.kind]} ·{" "}
                        </span>
                        {l.description}
                        {l.itemId === null ? (
                          <span className="text-muted-foreground"> (typed)</span>
                        ) : null}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        Cost {money(l.costMinor)}
                        {l.singleCostMinor
                          ? `, of which single rooms ${money(l.singleCostMinor)}`
                          : ""}
                        {l.parkFee
                          ? ` · ${PARK_FEE_LABELS[l.parkFee]} ${money(l.feeMinor)} at face value`
                          : ""}
                        {l.needsPermit ? " · needs permits" : ""}
                        {l.holdReleaseOn
                          ? ` · lodge hold released ${formatDay(l.holdReleaseOn)}`
                          : ""}
                      </p>
                    </div>
                    {editable ? (
                      <div className="flex gap-1">
                        <LineDialog versionId={version.id} day={d.day} line={l} choices={choices} />
                        <RemoveButton
                          what="line"
                          input={{ versionId: version.id, lineId: l.id }}
                          label={l.description}
                        />
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {editable ? (
              <div>
                <LineDialog versionId={version.id} day={d.day} choices={choices} />
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {editable ? (
        <div>
          <DayDialog versionId={version.id} />
        </div>
      ) : null}
    </div>
  );
}
