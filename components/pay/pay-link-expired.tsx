import { LinkButton } from "@/components/site/link-button";
import { Clock, Mail, UserRound } from "@/components/icons";

import { PayCard } from "./pay-card";

/** A pay link that is forged, altered or past its 30 days: how to get a new one, nothing else. */
export function PayLinkExpired() {
  return (
    <PayCard title="This payment link has expired" mark={{ icon: Clock, tone: "waiting" }}>
      <p className="mt-4 text-muted-foreground">
        Payment links work for 30 days. To get a new one, sign in to My Bookings and press Pay on
        your booking, or contact us and we will send you a fresh link.
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
