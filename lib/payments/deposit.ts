import "server-only";

import { env } from "@/lib/env";

/**
 * The deposit share of a booking, in percent: the one kept on it when staff confirmed it with its
 * total (what the confirmation told the customer), else today's setting (not confirmed yet). Read
 * here, on the server, so lib/payments/ledger.ts stays pure and client code never reads settings.
 */
export function bookingDepositPercent(kept: number | null): number {
  return kept ?? env.DEPOSIT_PERCENT;
}
