import { ShieldCheck } from "@/components/icons";

const METHODS = ["MTN Mobile Money", "Airtel Money", "Visa", "Mastercard"] as const;

/** The ways to pay at the provider's checkout, and who processes the payment (the card's foot). */
export function AcceptedMethods() {
  return (
    <div>
      <h2 className="text-xs font-semibold tracking-wide text-forest-deep uppercase">
        Accepted methods
      </h2>
      <ul className="mt-2.5 flex flex-wrap gap-2" aria-label="Accepted methods">
        {METHODS.map((method) => (
          <li
            key={method}
            className="rounded-full border border-border bg-card px-3 py-1 text-xs font-medium text-foreground"
          >
            {method}
          </li>
        ))}
      </ul>
      <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
        <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
        Payments are processed securely by Pesapal
      </p>
    </div>
  );
}
