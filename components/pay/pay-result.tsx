import { ArrowRight, Check, Clock, Mail, X } from "@/components/icons";
import { LinkButton } from "@/components/site/link-button";
import type { PaymentResult } from "@/lib/dal/pay-page";
import { formatMoney } from "@/lib/payments/ledger";

import { PayCard, PayRow } from "./pay-card";

const KIND_LABELS = {
  deposit: "Deposit",
  balance: "Balance",
  full: "Payment in full",
  refund: "Refund",
};

function Details({ result }: { result: PaymentResult }) {
  return (
    <dl className="mt-6 rounded-xl border border-border/70 p-4" aria-label="Payment">
      <PayRow label="Amount">{formatMoney(result.amountMinor, result.currency)}</PayRow>
      <PayRow label="For">{KIND_LABELS[result.kind]}</PayRow>
      {result.method ? <PayRow label="Method">{result.method}</PayRow> : null}
      {result.confirmationCode ? (
        <PayRow label="Confirmation code">
          <span className="font-mono">{result.confirmationCode}</span>
        </PayRow>
      ) : null}
      <PayRow label="Reference">
        <span className="font-mono">{result.merchantReference}</span>
      </PayRow>
    </dl>
  );
}

function Headline({
  icon: Icon,
  tone,
  children,
}: {
  icon: typeof Check;
  tone: string;
  children: string;
}) {
  return (
    <p className={`mt-4 flex items-center gap-2 font-semibold ${tone}`} role="status">
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}

/**
 * What happened to a payment, and what to do next: a receipt and My Bookings once paid; a few
 * minutes' patience and 'Check again' while pending; 'Try again' with a fresh pay link once failed.
 */
export function PayResult({
  result,
  checkAgainHref,
  tryAgainHref,
}: {
  result: PaymentResult;
  checkAgainHref: string;
  tryAgainHref: string | null;
}) {
  if (result.status === "completed") {
    return (
      <PayCard eyebrow="Thank you" title="Payment received">
        <Headline icon={Check} tone="text-primary">
          Your payment is confirmed.
        </Headline>
        <Details result={result} />
        <p className="mt-5 text-sm text-muted-foreground">
          We will email you a receipt. You can see what is paid and what is still due in My
          Bookings.
        </p>
        <LinkButton href="/customer/bookings" icon={ArrowRight} iconEnd size="lg" className="mt-6">
          Go to My Bookings
        </LinkButton>
      </PayCard>
    );
  }
  if (result.status === "pending") {
    return (
      <PayCard title="Payment pending">
        <Headline icon={Clock} tone="text-terracotta-text">
          {result.providerSlow
            ? "The payment service is slow to answer. The status will update shortly."
            : "We are waiting for the payment to be confirmed."}
        </Headline>
        <Details result={result} />
        <p className="mt-5 text-sm text-muted-foreground">
          Mobile money can take a few minutes. We will email you when it is confirmed, so you can
          close this page; or check again in a minute.
        </p>
        <LinkButton href={checkAgainHref} icon={Clock} size="lg" className="mt-6">
          Check again
        </LinkButton>
      </PayCard>
    );
  }
  return (
    <PayCard title={result.status === "reversed" ? "Payment reversed" : "Payment failed"}>
      <Headline icon={X} tone="text-destructive">
        {result.status === "reversed"
          ? "The payment service reversed this payment."
          : "The payment did not go through. Nothing was charged."}
      </Headline>
      <Details result={result} />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {tryAgainHref ? (
          <LinkButton href={tryAgainHref} icon={ArrowRight} iconEnd size="lg">
            Try again
          </LinkButton>
        ) : null}
        <LinkButton href="/contact" icon={Mail} size="lg" variant="outline">
          Contact Us
        </LinkButton>
      </div>
    </PayCard>
  );
}

/** Too many looks at payments from one address. */
export function PayResultTooMany() {
  return (
    <PayCard title="Please wait a moment">
      <p className="mt-4 text-muted-foreground" role="status">
        Too many requests. Please wait a few minutes and check again.
      </p>
    </PayCard>
  );
}
