import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { payDemoOrderAction } from "@/actions/payments";
import { ArrowLeft, CreditCard, Phone, ShieldCheck, X } from "@/components/icons";
import { PayCard } from "@/components/pay/pay-card";
import { LinkButton } from "@/components/site/link-button";
import { Button } from "@/components/ui/button";
import { demoCheckoutOpen } from "@/lib/payments";
import { getDemoCheckout } from "@/lib/payments/demo";
import { formatMoney } from "@/lib/payments/ledger";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Demo Checkout",
  robots: { index: false, follow: false },
};

const TRACKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SETTLED: Record<string, string> = {
  completed: "This demo order is paid.",
  failed: "This demo order failed.",
  reversed: "This demo order was reversed.",
};

/** A way to pay: a wide button whose label may wrap on a phone. */
const CHOICE = "h-auto min-h-12 w-full justify-start py-3 text-left whitespace-normal";

/** The mobile money choices: the value the form sends and the network's name. */
const MOBILE_MONEY = [
  ["mtn", "MTN Mobile Money"],
  ["airtel", "Airtel Money"],
] as const;

/**
 * The demo provider's checkout (lib/payments/demo.ts), where the demo driver sends a payer in
 * place of Pesapal's: no money moves. Each button settles the order, and the payer comes back as
 * from Pesapal, through the return step to the result page (payDemoOrderAction in
 * actions/payments.ts). Only while the demo driver is the active one.
 */
export default async function DemoCheckoutPage({
  params,
}: {
  params: Promise<{ trackingId: string }>;
}) {
  const { trackingId } = await params;
  if (!demoCheckoutOpen() || !TRACKING_ID.test(trackingId)) notFound();
  const order = await getDemoCheckout(trackingId);
  if (!order) notFound();

  /** A plain form (no client script): the action redirects on success; on a refusal the page shows the order as it stands. */
  async function pay(formData: FormData) {
    "use server";
    await payDemoOrderAction(undefined, formData);
  }

  return (
    <PayCard
      title="Demo Checkout"
      banner={
        <p
          role="note"
          className="flex items-center justify-center gap-2 border-b-2 border-dashed border-savanna bg-savanna-soft px-5 py-3 text-center text-sm font-semibold text-forest-deep"
        >
          <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
          Demo checkout: no money moves
        </p>
      }
    >
      <dl className="mt-6 rounded-xl border border-border/70 p-4 sm:p-5">
        <div>
          <dt className="sr-only">Description</dt>
          <dd className="text-sm text-muted-foreground">{order.description}</dd>
        </div>
        <div className="mt-1">
          <dt className="sr-only">Amount</dt>
          <dd className="font-display text-3xl font-bold text-forest-deep tabular-nums sm:text-4xl">
            {formatMoney(order.amountMinor, order.currency)}
          </dd>
        </div>
        <div className="mt-3 flex flex-wrap items-baseline gap-x-2 text-xs">
          <dt className="text-muted-foreground">Reference</dt>
          <dd className="font-mono break-all text-foreground">{order.merchantReference}</dd>
        </div>
      </dl>

      {order.status === "pending" ? (
        <form action={pay} className="mt-7">
          <input type="hidden" name="trackingId" value={order.trackingId} />
          <h2 className="font-display text-lg font-bold text-forest-deep">Choose how to pay</h2>
          <div className="mt-3 grid gap-2.5">
            {MOBILE_MONEY.map(([value, name]) => (
              <Button
                key={value}
                type="submit"
                name="choice"
                value={value}
                size="lg"
                variant="accent"
                className={CHOICE}
              >
                <Phone aria-hidden="true" />
                {`Pay with ${name} (demo)`}
              </Button>
            ))}
            {/* An order in shillings was chosen to be paid by mobile money. */}
            {order.currency === "USD" ? (
              <Button type="submit" name="choice" value="card" size="lg" className={CHOICE}>
                <CreditCard aria-hidden="true" />
                Pay by card (demo)
              </Button>
            ) : null}
          </div>
          <div className="mt-6 border-t border-border/70 pt-5">
            <Button
              type="submit"
              name="choice"
              value="fail"
              size="lg"
              variant="outline"
              className={CHOICE}
            >
              <X aria-hidden="true" />
              Make it fail (demo)
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-7">
          <p className="text-muted-foreground">{SETTLED[order.status]}</p>
          <LinkButton href={order.returnUrl} icon={ArrowLeft} size="lg" className="mt-4">
            Back to Breathe Uganda
          </LinkButton>
        </div>
      )}
    </PayCard>
  );
}
