import type { Metadata } from "next";
import type { ReactNode } from "react";

import { CalendarDays, Check, Clock, Mail } from "@/components/icons";
import { LinkButton } from "@/components/site/link-button";
import { confirmWaitlist } from "@/lib/departures/data/waitlist";
import { deliverAfterResponse } from "@/lib/email";
import { env } from "@/lib/env";

// Each visit confirms (or refuses) a token: never cached.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Waitlist",
  robots: { index: false, follow: false },
  // The address holds the link's token: no page it leads to is told it.
  referrer: "no-referrer",
};

const people = (n: number) => `${n} ${n === 1 ? "traveller" : "travellers"}`;

/**
 * The link of a waitlist request's confirmation mail: opening it confirms the email, and the
 * request waits its turn from now (or, when seats are free already, is offered them at once).
 * An unknown, used or lapsed link says so and how to join again.
 */
export default async function ConfirmWaitlistPage({
  params,
}: {
  params: Promise<{ token: string }>;
}) {
  const { token } = await params;
  const result = await confirmWaitlist(token);
  if (result.status === "offered") deliverAfterResponse();

  if (result.status === "invalid") {
    return (
      <ConfirmCard icon={Clock} title="This link has expired">
        <p className="mt-4 text-muted-foreground">
          This confirmation link has expired or was already used. If you confirmed already, you are
          on the waitlist: we&apos;ll email you as soon as seats free up. Otherwise, join the
          waitlist again from the tour&apos;s page.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <LinkButton href="/tours" icon={CalendarDays} size="lg">
            See our tours
          </LinkButton>
          <LinkButton href="/contact" icon={Mail} size="lg" variant="outline">
            Contact Us
          </LinkButton>
        </div>
      </ConfirmCard>
    );
  }

  const trip = `${result.tourTitle}, ${result.dateText}`;
  return (
    <ConfirmCard icon={Check} title="You're on the waitlist">
      <p className="mt-4 text-muted-foreground">
        Thank you: your email is confirmed, and your request for {people(result.groupSize)} on{" "}
        {trip} is on the waitlist.
      </p>
      <p className="mt-3 text-muted-foreground" role="status">
        {result.status === "offered"
          ? "Seats are free on this date now: check your email for the link that holds them for you."
          : `We'll email you as soon as seats free up, and hold them for you for ${env.WAITLIST_OFFER_HOURS} ${env.WAITLIST_OFFER_HOURS === 1 ? "hour" : "hours"}.`}
      </p>
      <div className="mt-6">
        <LinkButton href="/tours" icon={CalendarDays} size="lg" variant="outline">
          See our tours
        </LinkButton>
      </div>
    </ConfirmCard>
  );
}

function ConfirmCard({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Check;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="container-page flex justify-center py-8 sm:py-16">
      <div className="w-full max-w-xl rounded-2xl border border-border/70 bg-card p-5 shadow-sm sm:p-8">
        <span className="mt-1 mb-5 ml-1 grid size-12 place-items-center rounded-full bg-secondary text-primary ring-4 ring-primary/10">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="font-display text-2xl font-bold text-balance text-forest-deep sm:text-3xl">
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}
