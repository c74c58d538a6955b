import { formatDayTime } from "@/lib/dates";
import { formatMoney } from "@/lib/payments/ledger";
import type { ProposalVersionDto } from "@/lib/proposals/data/staff";

import { ProposalStatusBadge } from "./proposal-status-badge";

/** Every version, newest first: its state, when sent and by whom, views, and who accepted it. */
export function VersionHistory({ versions }: { versions: readonly ProposalVersionDto[] }) {
  return (
    <ol className="grid gap-3">
      {versions.map((v) => (
        <li
          key={v.id}
          className="grid gap-2 rounded-xl border border-border/70 bg-card p-3 text-sm"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-forest-deep">
              Version {v.number} · {formatMoney(v.totalMinor, "USD")}
            </p>
            <ProposalStatusBadge status={v.status} />
          </div>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
            <Item
              label="Made"
              value={`${formatDayTime(v.createdAt)}${v.createdByName ? ` by ${v.createdByName}` : ""}`}
            />
            <Item
              label="Sent"
              value={
                v.sentAt
                  ? `${formatDayTime(v.sentAt)}${v.sentByName ? ` by ${v.sentByName}` : ""}`
                  : "Not sent"
              }
            />
            {v.sentAt ? (
              <Item
                label="Viewed"
                value={
                  v.firstViewedAt
                    ? `${v.viewCount} ${v.viewCount === 1 ? "time" : "times"}, first ${formatDayTime(v.firstViewedAt)}`
                    : "Not yet"
                }
              />
            ) : null}
            {v.linkExpiresAt ? (
              <Item label="Link open until" value={formatDayTime(v.linkExpiresAt)} />
            ) : null}
            <Item label="Option date" value={v.optionDate} />
            {v.acceptedAt ? (
              <Item
                label="Accepted"
                value={`${formatDayTime(v.acceptedAt)} by ${v.acceptedByName ?? "the traveller"}${v.acceptedAddress ? ` from ${v.acceptedAddress}` : ""}`}
              />
            ) : null}
          </dl>
        </li>
      ))}
    </ol>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="inline text-muted-foreground">{label}: </dt>
      <dd className="inline break-words">{value}</dd>
    </div>
  );
}
