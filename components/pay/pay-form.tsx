import { CreditCard } from "@/components/icons";
import { Button } from "@/components/ui/button";
import type { PayChoice } from "@/lib/validations/pay";

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
    <form action={action} className="mt-6">
      <input type="hidden" name="token" value={token} />
      <fieldset>
        <legend className="text-sm font-semibold text-forest-deep">
          How much would you like to pay?
        </legend>
        <div className="mt-3 grid gap-2">
          {choices.map((choice, index) => (
            <label
              key={choice.kind}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-border/70 p-4 text-sm font-medium has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <input
                type="radio"
                name="kind"
                value={choice.kind}
                defaultChecked={index === 0}
                required
                className="size-4 accent-primary"
              />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" size="lg" variant="accent" className="mt-5 w-full">
        <CreditCard aria-hidden="true" />
        Pay
      </Button>
    </form>
  );
}
