/**
 * An abandoned checkout in the staff ledger: an online order the payer never finished. A failed
 * order, or one still pending once the payer paid through another checkout after it or walked
 * away (no answer within ABANDONED_AFTER_MS), is not a second charge waiting to land: the Edit
 * dialog says 'Not paid (checkout abandoned)' rather than 'Pending' beside the paid one. Pure.
 */
import type { LedgerStatus, PaymentProvider } from "@/lib/domain";

/** A pending online order older than this is taken as abandoned (a checkout takes minutes). */
export const ABANDONED_AFTER_MS = 60 * 60_000;

export const ABANDONED_LABEL = "Not paid (checkout abandoned)";

type Row = {
  id: string;
  provider: string;
  status: LedgerStatus | string;
  flaggedReason: string | null;
  createdAt: Date | string;
};

const ONLINE: readonly string[] = ["pesapal", "demo"] satisfies PaymentProvider[];

/** The online orders of a booking's ledger that were abandoned, by id. */
export function abandonedCheckouts(rows: Row[], now: Date = new Date()): Set<string> {
  const at = (r: Row) => new Date(r.createdAt).getTime();
  const completedAt = rows.filter((r) => r.status === "completed").map(at);
  const abandoned = new Set<string>();
  for (const r of rows) {
    if (!ONLINE.includes(r.provider) || r.flaggedReason) continue;
    if (r.status === "failed") abandoned.add(r.id);
    else if (
      r.status === "pending" &&
      (now.getTime() - at(r) > ABANDONED_AFTER_MS || completedAt.some((c) => c > at(r)))
    )
      abandoned.add(r.id);
  }
  return abandoned;
}
