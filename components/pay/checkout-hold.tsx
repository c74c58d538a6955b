import { CalendarDays, Clock } from "@/components/icons";
import { LinkButton } from "@/components/site/link-button";
import { Button } from "@/components/ui/button";
import { formatTime, formatTripDay, kampalaDay } from "@/lib/dates";

/**
 * The seats a checkout holds, above the Pay button: until when they are the payer's. Plain text,
 * no countdown script: the pay page stays a form that works before any script runs.
 */
export function CheckoutHoldNotice({
  expiresAt,
  depositOffered,
}: {
  expiresAt: Date;
  /** A deposit may be paid (false inside the balance window: the whole price is due). */
  depositOffered: boolean;
}) {
  return (
    <p
      role="status"
      className="mt-5 flex items-start gap-2.5 rounded-xl border border-primary/25 bg-secondary/60 p-4 text-sm text-foreground"
    >
      <Clock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>
        Your seats are held until <strong>{formatTime(expiresAt)}</strong> (Kampala time,{" "}
        {formatTripDay(kampalaDay(expiresAt))}).{" "}
        {depositOffered ? "Pay the deposit or the full amount" : "Pay the full amount"} before then
        and your booking is confirmed at once.
      </span>
    </p>
  );
}

/**
 * A checkout hold that lapsed unpaid: nothing was charged and the seats went back on sale. The
 * payer holds them again with one button (the same booking, nothing to type again) while they are
 * free, or chooses another date.
 */
export function CheckoutHoldLapsed({
  expiresAt,
  token,
  tourSlug,
  action,
}: {
  expiresAt: Date;
  token: string;
  tourSlug: string | null;
  action: (formData: FormData) => Promise<void>;
}) {
  return (
    <div role="status" className="mt-6 rounded-xl border border-border bg-muted/60 p-4 sm:p-5">
      <p className="font-display text-lg font-bold text-forest-deep">Your hold has lapsed</p>
      <p className="mt-1.5 text-sm text-foreground">
        We held your seats until {formatTime(expiresAt)} (Kampala time). Nothing was charged, and
        the seats went back on sale. If they are still free, hold them again and pay now.
      </p>
      <form action={action} className="mt-4 flex flex-col gap-3 sm:flex-row">
        <input type="hidden" name="token" value={token} />
        <Button type="submit" size="lg" variant="accent" className="h-12 font-semibold">
          <Clock aria-hidden="true" />
          Hold my seats again
        </Button>
        {tourSlug ? (
          <LinkButton
            href={`/tour/${tourSlug}#departures`}
            icon={CalendarDays}
            size="lg"
            variant="outline"
          >
            Choose another date
          </LinkButton>
        ) : null}
      </form>
    </div>
  );
}
