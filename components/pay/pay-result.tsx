import { ArrowRight, Check, Clock, Mail, UserRound, X } from "@/components/icons";
import { LinkButton } from "@/components/site/link-button";
import type { PaymentResult } from "@/lib/payments/data/checkout";
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
    <dl
      className="mt-6 divide-y divide-border/70 rounded-xl border border-border/70 px-4 sm:px-5"
      aria-label="Payment"
    >
      <PayRow label="Amount" strong>
        {formatMoney(result.amountMinor, result.currency)}
      </PayRow>
      <PayRow label="For">{KIND_LABELS[result.kind]}</PayRow>
      {result.method ? <PayRow label="Method">{result.method}</PayRow> : null}
      {result.confirmationCode ? (
        <PayRow label="Confirmation code">
          <span className="font-mono text-[0.8125rem]">{result.confirmationCode}</span>
        </PayRow>
      ) : null}
      <PayRow label="Reference">
        <span className="font-mono text-[0.8125rem]">{result.merchantReference}</span>
      </PayRow>
    </dl>
  );
}

/** What happened, in a sentence under the heading (announced as the page's status). */
function Headline({ children }: { children: string }) {
  return (
    <p className="mt-2 text-base text-foreground" role="status">
      {children}
    </p>
  );
}

/**
 * What happened to a payment, and what to do next: a receipt and My Bookings once paid; a few
 * minutes' patience and 'Check again' while pending; once failed, 'Try again' on the pay link it
 * was started from while that link lasts, or how to get a new link once it has expired.
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
  // Failed, and the link it was started from has expired: no 'Try again', a way to a new link.
  const linkExpired = result.status === "failed" && !tryAgainHref;
  if (result.status === "completed") {
    return (
      <PayCard eyebrow="Thank you" title="Payment received" mark={{ icon: Check, tone: "good" }}>
        <Headline>Your payment is confirmed.</Headline>
        <Details result={result} />
        <p className="mt-5 text-sm text-muted-foreground">
          We will email you a receipt. You can see what is paid and what is still due in My
          Bookings.
        </p>
        <LinkButton
          href="/customer/bookings"
          icon={ArrowRight}
          iconEnd
          size="lg"
          className="mt-6 w-full sm:w-auto"
        >
          Go to My Bookings
        </LinkButton>
      </PayCard>
    );
  }
  if (result.status === "pending") {
    return (
      <PayCard title="Payment pending" mark={{ icon: Clock, tone: "waiting" }}>
        <Headline>
          {result.providerSlow
            ? "The payment service is slow to answer. The status will update shortly."
            : "We are waiting for the payment to be confirmed."}
        </Headline>
        <Details result={result} />
        <p className="mt-5 text-sm text-muted-foreground">
          Mobile money can take a few minutes. We will email you when it is confirmed, so you can
          close this page; or check again in a minute.
        </p>
        <LinkButton href={checkAgainHref} icon={Clock} size="lg" className="mt-6 w-full sm:w-auto">
          Check again
        </LinkButton>
      </PayCard>
    );
  }
  return (
    <PayCard
      title={result.status === "reversed" ? "Payment reversed" : "Payment failed"}
      mark={{ icon: X, tone: "bad" }}
    >
      <Headline>
        {result.status === "reversed"
          ? "The payment service reversed this payment."
          : "The payment did not go through. Nothing was charged."}
      </Headline>
      <Details result={result} />
      {linkExpired ? (
        <p className="mt-5 text-sm text-muted-foreground">
          This payment link has expired. To get a new one, sign in to My Bookings and press Pay on
          your booking, or contact us and we will send you a fresh link.
        </p>
      ) : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {tryAgainHref ? (
          <LinkButton href={tryAgainHref} icon={ArrowRight} iconEnd size="lg">
            Try again
          </LinkButton>
        ) : null}
        {linkExpired ? (
          <LinkButton href="/customer/bookings" icon={UserRound} size="lg">
            Sign in to My Bookings
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
    <PayCard title="Please wait a moment" mark={{ icon: Clock, tone: "waiting" }}>
      <p className="mt-4 text-muted-foreground" role="status">
        Too many requests. Please wait a few minutes and check again.
      </p>
    </PayCard>
  );
}
