import { CreditCard } from "@/components/icons";
import { Button } from "@/components/ui/button";
import type { PayChoice, PayCurrency } from "@/lib/payments/schemas";

/** The currencies offered once a shilling rate is set, US dollars first. */
const CURRENCY_CHOICES: readonly (readonly [PayCurrency, string])[] = [
  ["USD", "US dollars: card or mobile money"],
  ["UGX", "Uganda shillings: MTN or Airtel mobile money"],
];

const CHOICE_CLASS =
  "flex cursor-pointer items-center gap-3 rounded-xl border border-border bg-card p-4 text-sm font-medium text-foreground transition-colors hover:border-primary/50 has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:checked]:ring-1 has-[:checked]:ring-primary has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50";

/**
 * The choice of amount and the Pay button: a plain form posting a server action, so it works on
 * a phone before (or without) any script. The first choice is checked. With a shilling rate set
 * (`shillingRateId`), each amount shows its shillings too and the payer chooses the currency:
 * US dollars (checked) or Uganda shillings by mobile money; the form sends the rate it showed.
 */
export function PayForm({
  token,
  choices,
  shillingRateId = null,
  action,
}: {
  token: string;
  choices: PayChoice[];
  shillingRateId?: string | null;
  action: (formData: FormData) => Promise<void>;
}) {
  const shillings = shillingRateId !== null && choices.every((choice) => choice.ugx);
  return (
    <form action={action} className="mt-7">
      <input type="hidden" name="token" value={token} />
      {shillings ? <input type="hidden" name="rateId" value={shillingRateId} /> : null}
      <fieldset>
        <legend className="font-display text-lg font-bold text-forest-deep">
          How much would you like to pay?
        </legend>
        <div className="mt-3 grid gap-2.5">
          {choices.map((choice, index) => (
            <label key={choice.kind} className={CHOICE_CLASS}>
              <input
                type="radio"
                name="kind"
                value={choice.kind}
                defaultChecked={index === 0}
                required
                className="size-4 shrink-0 accent-primary"
              />
              <span className="tabular-nums">
                {choice.label}
                {shillings && choice.ugx ? (
                  <span className="mt-0.5 block text-xs font-normal text-muted-foreground">
                    {`or ${choice.ugx.quote}`}
                  </span>
                ) : null}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {shillings ? (
        <fieldset className="mt-6">
          <legend className="font-display text-lg font-bold text-forest-deep">
            Which currency?
          </legend>
          <div className="mt-3 grid gap-2.5">
            {CURRENCY_CHOICES.map(([value, label], index) => (
              <label key={value} className={CHOICE_CLASS}>
                <input
                  type="radio"
                  name="currency"
                  value={value}
                  defaultChecked={index === 0}
                  required
                  className="size-4 shrink-0 accent-primary"
                />
                <span>{label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <Button type="submit" size="lg" variant="accent" className="mt-5 h-12 w-full font-semibold">
        <CreditCard aria-hidden="true" />
        Pay
      </Button>
    </form>
  );
}
