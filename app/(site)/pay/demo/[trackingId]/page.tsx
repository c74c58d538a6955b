import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { payDemoOrderAction } from "@/actions/demo-checkout";
import { ArrowLeft, CreditCard, Phone, X } from "@/components/icons";
import { LinkButton } from "@/components/site/link-button";
import { Button } from "@/components/ui/button";
import { demoCheckoutOpen } from "@/lib/payments";
import { getDemoCheckout } from "@/lib/payments/demo";
import { minorToDecimal } from "@/lib/payments/pesapal";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Demo Checkout",
  robots: { index: false, follow: false },
};

const TRACKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function formatAmount(amountMinor: number, currency: string): string {
  const digits = currency === "UGX" ? 0 : 2;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minorToDecimal(amountMinor, currency));
}

const SETTLED: Record<string, string> = {
  completed: "This demo order is paid.",
  failed: "This demo order failed.",
  reversed: "This demo order was reversed.",
};

/**
 * The demo provider's checkout (lib/payments/demo.ts), where the demo driver sends a payer in
 * place of Pesapal's: no money moves. Each button settles the order and sends the browser back
 * to the order's callback_url, as Pesapal does. Only while the demo driver is the active one.
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
    <section className="container-page flex justify-center py-16 sm:py-24">
      <div className="w-full max-w-lg">
        <p
          role="note"
          className="rounded-xl border-2 border-dashed border-savanna bg-savanna-soft px-5 py-4 text-center font-semibold text-forest-deep"
        >
          Demo checkout: no money moves
        </p>

        <div className="mt-8 rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
          <h1 className="font-display text-3xl font-bold text-forest-deep">Demo Checkout</h1>
          <dl className="mt-6 space-y-4">
            <div>
              <dt className="text-sm text-muted-foreground">Description</dt>
              <dd className="mt-1 font-medium">{order.description}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Amount</dt>
              <dd className="mt-1 font-display text-3xl font-bold text-primary">
                {formatAmount(order.amountMinor, order.currency)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Reference</dt>
              <dd className="mt-1 font-mono text-sm">{order.merchantReference}</dd>
            </div>
          </dl>

          {order.status === "pending" ? (
            <form action={pay} className="mt-8 flex flex-col gap-3">
              <input type="hidden" name="trackingId" value={order.trackingId} />
              <Button type="submit" name="choice" value="mtn" size="lg" variant="accent">
                <Phone aria-hidden="true" />
                Pay with MTN Mobile Money (demo)
              </Button>
              <Button type="submit" name="choice" value="airtel" size="lg" variant="accent">
                <Phone aria-hidden="true" />
                Pay with Airtel Money (demo)
              </Button>
              <Button type="submit" name="choice" value="card" size="lg">
                <CreditCard aria-hidden="true" />
                Pay by card (demo)
              </Button>
              <Button type="submit" name="choice" value="fail" size="lg" variant="outline">
                <X aria-hidden="true" />
                Make it fail (demo)
              </Button>
            </form>
          ) : (
            <div className="mt-8">
              <p className="text-muted-foreground">{SETTLED[order.status]}</p>
              <LinkButton href={order.returnUrl} icon={ArrowLeft} size="lg" className="mt-4">
                Back to Breathe Uganda
              </LinkButton>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
