import type { Metadata } from "next";
import { Check, Clock, Mail, UserRound } from "@/components/icons";
import { PayCard, PayRow } from "@/components/pay/pay-card";
import { FeeRows } from "@/components/pay/fee-rows";
import { LinkButton } from "@/components/site/link-button";
import { accommodationLabel } from "@/lib/bookings/schemas/request";
import { getRequestedBooking } from "@/lib/bookings/data/requested";
import { bookingRef, groupSizeLabel } from "@/lib/bookings/labels";
import { verifyRequestPage } from "@/lib/bookings/request-link";
import { formatTime, formatTripDay, kampalaDay } from "@/lib/dates";
import { departureRange } from "@/lib/departures/rules";
import { formatMoney } from "@/lib/payments/ledger";
import { formatUsd } from "@/lib/tours/rules";

// The request as it is now, for whoever holds the address: never cached.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Booking Request Submitted",
  robots: { index: false, follow: false },
  // The address holds the page's token: no page it leads to is told it.
  referrer: "no-referrer",
};

const REPLY_HOURS = 24;

/** A forged, altered or expired address: the request itself is safe, and where to find it. */
function RequestPageExpired() {
  return (
    <PayCard title="This link has expired" mark={{ icon: Clock, tone: "waiting" }}>
      <p className="mt-4 text-muted-foreground">
        Your request is safe: its reference is in the mail we sent you. Sign in to My Bookings to
        see it, or contact us.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <LinkButton href="/customer/bookings" icon={UserRound} size="lg">
          Sign in to My Bookings
        </LinkButton>
        <LinkButton href="/contact" icon={Mail} size="lg" variant="outline">
          Contact Us
        </LinkButton>
      </div>
    </PayCard>
  );
}

/**
 * A private trip's request, at an address of its own the wizard sends the browser to once it is
 * stored (lib/bookings/request-link.ts): its reference, what happens next and by when, the
 * request's summary with the price it comes to, and the way to follow it in My Bookings.
 */
export default async function RequestedPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link = verifyRequestPage(token);
  const booking = link ? await getRequestedBooking(link.bookingId) : null;
  if (!booking) return <RequestPageExpired />;

  const replyBy = new Date(booking.createdAt.getTime() + REPLY_HOURS * 60 * 60 * 1000);
  const dates = booking.departureDate
    ? departureRange(booking.departureDate, booking.endDate ?? booking.departureDate)
    : "To be agreed";
  const usd = (minor: number) => formatMoney(minor, "USD");
  const { estimate } = booking;
  return (
    <PayCard mark={{ icon: Check, tone: "good" }} title="Booking Request Submitted!">
      <p className="mt-3 text-muted-foreground">
        Thank you, {booking.firstName}. We&apos;ll contact you within 24 hours to confirm your
        booking details.
      </p>
      <p className="mt-5 rounded-xl border border-primary/30 bg-secondary/50 px-4 py-3">
        <span className="block text-xs text-muted-foreground">Your reference</span>
        <span className="font-mono text-xl font-bold tracking-wider text-forest-deep">
          {bookingRef(booking.id)}
        </span>
      </p>

      <section aria-labelledby="next-heading" className="mt-6">
        <h2 id="next-heading" className="font-display text-lg font-bold text-forest-deep">
          What happens next
        </h2>
        <ol className="mt-3 grid list-decimal gap-2 pl-5 text-sm text-muted-foreground">
          <li>
            We check availability, permits and guides for your dates, and write to{" "}
            <span className="font-medium break-all text-foreground">{booking.email}</span> by{" "}
            <span className="font-medium text-foreground">{`${formatTripDay(kampalaDay(replyBy))}, ${formatTime(replyBy)}`}</span>{" "}
            (Kampala time).
          </li>
          <li>
            You confirm the itinerary and price, and pay the deposit
            {estimate ? ` (${estimate.depositPercent}%)` : ""} through the link we send.
          </li>
          <li>
            The balance is due
            {booking.balanceDueDays ? ` ${booking.balanceDueDays} days` : ""} before departure.
          </li>
        </ol>
      </section>

      <section aria-label="Your request" className="mt-6 rounded-xl border border-border/70">
        <div className="p-4 sm:p-5">
          <h2 className="font-display text-lg leading-snug font-bold break-words text-forest-deep">
            {booking.tourPackage}
          </h2>
          <dl className="mt-3 grid gap-1 text-sm">
            <PayRow label="Dates">{dates}</PayRow>
            <PayRow label="Travellers">{groupSizeLabel(booking.groupSize)}</PayRow>
            {booking.accommodation ? (
              <PayRow label="Accommodation">{accommodationLabel(booking.accommodation)}</PayRow>
            ) : null}
          </dl>
        </div>
        <dl className="border-t border-border/70 px-4 sm:px-5">
          {estimate ? (
            <>
              <PayRow
                label={`${estimate.tier}: ${formatUsd(estimate.unitPrice)} x ${booking.groupSize}`}
              >
                {usd(estimate.landMinor)}
              </PayRow>
              {estimate.fees.length ? (
                <>
                  <FeeRows fees={estimate.fees} />
                  <PayRow label="Total">{usd(estimate.totalMinor)}</PayRow>
                </>
              ) : null}
              <PayRow label={`Deposit (${estimate.depositPercent}%)`}>
                {usd(estimate.depositMinor)}
              </PayRow>
            </>
          ) : (
            <PayRow label="Price">We send you a quote</PayRow>
          )}
          {booking.feesToQuote ? (
            <PayRow label="Park permits">Priced with our quote, at face value</PayRow>
          ) : null}
        </dl>
      </section>
      {estimate ? (
        <p className="mt-2 text-xs text-muted-foreground">
          The price we confirm unless your dates or requests change it.
        </p>
      ) : null}

      <section aria-labelledby="follow-heading" className="mt-6">
        <h2 id="follow-heading" className="font-display text-lg font-bold text-forest-deep">
          Follow your request
        </h2>
        {booking.fromAccount ? (
          <>
            <p className="mt-2 text-sm text-muted-foreground">
              This request is in My Bookings, with our reply when it comes.
            </p>
            <div className="mt-4 flex flex-col gap-3 sm:flex-row">
              <LinkButton href="/customer/bookings" icon={UserRound} size="lg">
                See it in My Bookings
              </LinkButton>
            </div>
          </>
        ) : (
          <>
            <p className="mt-2 text-sm text-muted-foreground">
              Create an account with {booking.email}, or sign in with it: this request is in My
              Bookings.
            </p>
            <div className="mt-4 flex flex-col gap-3 sm:flex-row">
              <LinkButton href="/customer/auth?tab=signup" icon={UserRound} size="lg">
                Create an account
              </LinkButton>
              <LinkButton href="/customer/bookings" size="lg" variant="outline">
                See it in My Bookings
              </LinkButton>
            </div>
          </>
        )}
      </section>
    </PayCard>
  );
}
