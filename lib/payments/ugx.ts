import { kampalaDay } from "@/lib/dates";
import { formatMoney } from "@/lib/payments/ledger";

/**
 * Payments in Uganda shillings against a booking priced in US dollars: the staff rate (shillings
 * per US dollar, to two decimals), the shillings a dollar amount costs at it and the words every
 * screen, receipt and mail uses for them. Pure, so the pay page, the documents and the tests
 * share one arithmetic. The ledger counts a payment in shillings by the US cents it was priced
 * for (payments.usd_minor), never by converting back, so rounding never leaves a cent owing.
 */

/** The largest rate staff may type: far above any the shilling has had, far below an overflow. */
export const UGX_RATE_MAX = 1_000_000;

/** A rate ('3700', '3712.5', '3,712.50', a number) in hundredths of a shilling; NaN when not one. */
export function rateHundredths(rate: string | number): number {
  const text = typeof rate === "number" ? rate.toFixed(2) : rate.trim().replace(/,/g, "");
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * The whole shillings that pay `usdMinor` US cents at `rate`, rounded up: the payer never pays
 * less than the dollars it settles. Exact (integer arithmetic), whatever the amount.
 */
export function ugxForUsd(usdMinor: number, rate: string | number): number {
  const hundredths = rateHundredths(rate);
  if (!Number.isSafeInteger(usdMinor) || usdMinor <= 0 || !(hundredths > 0))
    throw new RangeError(`No shillings for ${usdMinor} cents at ${rate}`);
  // cents × (hundredths of a shilling per dollar) = shillings × 10,000.
  const product = BigInt(usdMinor) * BigInt(hundredths);
  return Number((product + 9_999n) / 10_000n);
}

/**
 * The US cents a price of `ugx` whole shillings comes to at `rate`, rounded up to the cent: the
 * dollars charged always buy the shillings owed (a park fee in shillings on a booking in dollars).
 * Exact, as ugxForUsd.
 */
export function usdForUgx(ugx: number, rate: string | number): number {
  const hundredths = rateHundredths(rate);
  if (!Number.isSafeInteger(ugx) || ugx <= 0 || !(hundredths > 0))
    throw new RangeError(`No cents for ${ugx} shillings at ${rate}`);
  // shillings × 10,000 / (hundredths of a shilling per dollar) = cents.
  const product = BigInt(ugx) * 10_000n;
  const divisor = BigInt(hundredths);
  return Number((product + divisor - 1n) / divisor);
}

/** A rate for people: '3,700', '3,712.5'. */
export function formatRate(rate: string | number): string {
  return (rateHundredths(rate) / 100).toLocaleString("en-US", { maximumFractionDigits: 2 });
}

/** US cents with the currency's code, as a rate's sentence names them: 'USD 333.51'. */
export function usdWithCode(usdMinor: number): string {
  return `USD ${(usdMinor / 100).toLocaleString("en-US", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The Kampala day of a rate's start: '27 Nov 2026'. */
export function rateDay(effectiveFrom: Date | string): string {
  const [year, month, day] = kampalaDay(effectiveFrom).split("-");
  return `${Number(day)} ${MONTHS[Number(month) - 1]} ${year}`;
}

/** '3,700 UGX per USD'. */
export const rateWords = (rate: string | number) => `${formatRate(rate)} UGX per USD`;

/** What a payment in shillings was, for receipts, mails and the ledger: 'UGX 1,234,000 (USD 333.51 at 3,700 UGX per USD)'. */
export function paidInShillings(ugxMinor: number, usdMinor: number, rate: string | number) {
  return `${formatMoney(ugxMinor, "UGX")} (${usdWithCode(usdMinor)} at ${rateWords(rate)})`;
}

/** What the pay page quotes before paying: 'UGX 1,234,000 at 3,700 UGX per USD, rate of 27 Nov 2026'. */
export function shillingsQuote(ugxMinor: number, rate: string | number, effectiveFrom: Date) {
  return `${formatMoney(ugxMinor, "UGX")} at ${rateWords(rate)}, rate of ${rateDay(effectiveFrom)}`;
}

/** A ledger row's amount as staff and payers read it: in shillings with its dollars, or as it is. */
export function ledgerAmount(row: {
  amountMinor: number;
  currency: string;
  usdMinor: number | null;
  usdRate: string | null;
}): string {
  if (row.currency === "UGX" && row.usdMinor !== null && row.usdRate !== null)
    return paidInShillings(row.amountMinor, row.usdMinor, row.usdRate);
  return formatMoney(row.amountMinor, row.currency);
}
