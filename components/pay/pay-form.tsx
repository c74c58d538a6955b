import { CreditCard } from "@/components/icons";
import { Button } from "@/components/ui/button";
import type { PayChoice } from "@/lib/payments/schemas";

/**
 * The choice of amount and the Pay button: a plain form posting a server action, so it works on
 * a phone before (or without) any script. The first choice is checked.
 */
export function PayForm({
  token,
  choices,
  action,
}: {
  token: string;
  choices: PayChoice[];
  action: (formData: FormData) => Promise<void>;
}) {
  return (
    <form action={action} className="mt-7">
      <input type="hidden" name="token" value={token} />
      <fieldset>
        <legend className="font-display text-lg font-bold text-forest-deep">
          How much would you like to pay?
        </legend>
        <div className="mt-3 grid gap-2.5">
          {choices.map((choice, index) => (
            <label
              key={choice.kind}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-border bg-card p-4 text-sm font-medium text-foreground transition-colors hover:border-primary/50 has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:checked]:ring-1 has-[:checked]:ring-primary has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
            >
              <input
                type="radio"
                name="kind"
                value={choice.kind}
                defaultChecked={index === 0}
                required
                className="size-4 shrink-0 accent-primary"
              />
              <span className="tabular-nums">{choice.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" size="lg" variant="accent" className="mt-5 h-12 w-full font-semibold">
        <CreditCard aria-hidden="true" />
        Pay
      </Button>
    </form>
  );
}
