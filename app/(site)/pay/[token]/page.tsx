import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { holdAgainAction, payAction } from "@/actions/payments";
import { ShieldCheck } from "@/components/icons";
import { AcceptedMethods } from "@/components/pay/accepted-methods";
import { CheckoutHoldLapsed, CheckoutHoldNotice } from "@/components/pay/checkout-hold";
import { PayBookingSummary } from "@/components/pay/pay-booking-summary";
import { PayCard } from "@/components/pay/pay-card";
import { PayForm } from "@/components/pay/pay-form";
import { PayLinkExpired } from "@/components/pay/pay-link-expired";
import { getPayableBooking } from "@/lib/payments/data/checkout";
import { PAY_PATH, verifyPayLink } from "@/lib/payments/pay-link";
import { PAY_PROBLEMS, payProblemOf, readPayProblem } from "@/lib/payments/schemas";

// The booking and its amounts as they are now, for whoever holds the link: never cached.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Pay for Your Trip",
  robots: { index: false, follow: false },
  // The address holds the link's token: no page it leads to is told it.
  referrer: "no-referrer",
};

/**
 * The pay page of a signed pay link (lib/payments/pay-link.ts): no sign-in, one booking. It shows the
 * booking, its total, what is paid and what may be paid now; the Pay button starts the payment
 * (payAction in actions/payments.ts, which verifies the token again) and the browser goes to the
 * provider's checkout. A refusal comes back here as `?problem=<code>`: a plain form, no script needed.
 */
export default async function PayPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const link = verifyPayLink(token);
  if (!link) return <PayLinkExpired />;
  const booking = await getPayableBooking(link.bookingId);
  if (!booking) return <PayLinkExpired />;
  const problem = readPayProblem((await searchParams).problem);

  async function pay(formData: FormData) {
    "use server";
    // A started payment never returns here: the action redirects to the checkout.
    const state = await payAction(undefined, formData);
    const title = "title" in state ? state.title : undefined;
    redirect(`${PAY_PATH}/${encodeURIComponent(token)}?problem=${payProblemOf(title)}`);
  }

  async function holdAgain(formData: FormData) {
    "use server";
    // Held again, the action redirects back here with the new hold.
    const state = await holdAgainAction(undefined, formData);
    const title = "title" in state ? state.title : undefined;
    redirect(`${PAY_PATH}/${encodeURIComponent(token)}?problem=${payProblemOf(title)}`);
  }

  const lapsed = booking.hold !== null && !booking.hold.live;
  const nothingDue = booking.choices.length === 0;
  return (
    <PayCard
      eyebrow={
        <>
          <ShieldCheck className="size-4" aria-hidden="true" />
          Secure payment
        </>
      }
      title="Pay for your trip"
      footer={<AcceptedMethods />}
    >
      {problem ? (
        <div
          role="alert"
          className="mt-5 rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-sm"
        >
          <p className="font-semibold text-foreground">{PAY_PROBLEMS[problem].title}</p>
          <p className="mt-1 text-foreground">{PAY_PROBLEMS[problem].message}</p>
        </div>
      ) : null}
      <PayBookingSummary booking={booking} />
      {booking.hold && booking.hold.live ? (
        <CheckoutHoldNotice
          expiresAt={booking.hold.expiresAt}
          depositOffered={booking.choices.some((c) => c.kind === "deposit")}
        />
      ) : null}
      {lapsed ? (
        <CheckoutHoldLapsed
          expiresAt={booking.hold!.expiresAt}
          token={token}
          tourSlug={booking.hold!.tourSlug}
          action={holdAgain}
        />
      ) : nothingDue ? (
        <p className="mt-6 rounded-xl bg-muted p-4 text-sm text-foreground" role="status">
          {booking.cancelled
            ? "This booking is cancelled. Nothing is due on this booking right now."
            : booking.totalMinor === null
              ? "We are still preparing your quote. Nothing is due on this booking right now."
              : "Nothing is due on this booking right now."}
        </p>
      ) : (
        <PayForm
          token={token}
          choices={booking.choices}
          shillingRateId={booking.shillingRate?.id ?? null}
          action={pay}
        />
      )}
    </PayCard>
  );
}
