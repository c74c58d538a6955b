import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { PayResult, PayResultTooMany } from "@/components/pay/pay-result";
import { getPaymentResult } from "@/lib/payments/data/checkout";
import { PAY_RESULT_PATH, tryAgainPath } from "@/lib/payments/pay-link";
import { checkRateLimit, clientIp } from "@/lib/rate-limit";

// What the ledger holds now (and one more question to the provider while it is pending).
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Your Payment",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

/** Reloads of 'Check again' and guesses of references, per address. */
const RESULT_LIMITS = { perMinute: 30, perHour: 300 };

/**
 * Where the payer lands after the provider's checkout (app/api/payments/return sends the browser
 * here with our merchant reference): paid, pending or failed, and what to do next. A reference we
 * never gave is not found.
 */
export default async function PayResultPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ref } = await searchParams;
  if (typeof ref !== "string" || ref === "") notFound();
  const limit = await checkRateLimit("pay-result", [await clientIp()], RESULT_LIMITS);
  if (!limit.allowed) return <PayResultTooMany />;
  const result = await getPaymentResult(ref);
  if (!result) notFound();
  return (
    <PayResult
      result={result}
      checkAgainHref={`${PAY_RESULT_PATH}?${new URLSearchParams({ ref: result.merchantReference })}`}
      tryAgainHref={
        result.status === "failed" ? tryAgainPath(result.bookingId, result.payLinkExpiresAt) : null
      }
    />
  );
}
