import Link from "next/link";

import { LazyPublicBookingWizard } from "@/components/booking/lazy-public-booking-wizard";
import { Clock, MessageSquareText } from "@/components/icons";
import { ContactItem, ContactList } from "@/components/site/contact-list";
import { HelpPanel } from "@/components/site/help-panel";
import { pageMetadata } from "@/components/site/page-metadata";
import { PageHero } from "@/components/site/section-heading";
import { WhatsAppChat } from "@/components/site/whatsapp-button";
import { bookingTourOptions, preselectedDeparture } from "@/lib/bookings/packages";
import { getWizardDateChoices } from "@/lib/bookings/data/dates";
import { getWizardPricing } from "@/lib/bookings/data/pricing";
import { tierValue } from "@/lib/bookings/price";
import { PUBLIC_ACCOMMODATION_OPTIONS } from "@/lib/bookings/schemas/request";
import { getActiveTourCards } from "@/lib/tours/data/catalogue";

export const metadata = pageMetadata({
  title: "Book Your Tour",
  description:
    "Request a gorilla trek, safari or custom Uganda adventure in three short steps. We confirm availability and price within 24 hours.",
  path: "/booking",
});

const HELP_CHAT_TEXT = "Hello! I need help with my tour booking.";

const NEXT_STEPS = [
  "We check availability, permits and guides for your dates.",
  "Within 24 hours we contact you with a confirmed itinerary and price.",
  "You confirm, and we take care of the rest.",
];

export default async function BookingPage({
  searchParams,
}: {
  searchParams: Promise<
    Record<"tour" | "departure" | "hold" | "package", string | string[] | undefined>
  >;
}) {
  const [params, tours] = await Promise.all([searchParams, getActiveTourCards()]);
  const [slug, departureId, hold, tier] = [
    params.tour,
    params.departure,
    params.hold,
    params.package,
  ].map((v) => (Array.isArray(v) ? v[0] : v));
  const options = bookingTourOptions(tours);
  // The departures on sale, read now (not cached): the seats left are those of this moment.
  const dateChoices = await getWizardDateChoices(tours, departureId);
  const pricing = await getWizardPricing(dateChoices);
  // Book Now on a tour page links here with ?tour=<slug>: that tour is preselected; a
  // departure's Book with ?departure=<id> too (its tour and that date), and a waitlist offer's
  // mailed link adds ?hold=<token>, sent with the booking. A tour page's Select Package adds
  // ?package=<tier>: the accommodation that prices the booking at that tier is chosen.
  const linked = preselectedDeparture(dateChoices, departureId);
  const preselected = linked
    ? linked.slug
    : options.some((o) => o.value === slug)
      ? (slug ?? "")
      : "";

  return (
    <>
      <PageHero eyebrow="Book Your Trip" title="Start your Uganda adventure">
        Tell us about your trip in three short steps. We&apos;ll contact you within 24 hours to
        confirm your booking details.
      </PageHero>

      <div className="relative z-10 container-page -mt-10 pb-20 sm:pb-24">
        <div className="grid gap-8 lg:grid-cols-[minmax(0,8fr)_minmax(0,4fr)] lg:gap-10">
          <section
            aria-label="Booking request form"
            className="rounded-2xl border border-border/70 bg-card p-5 shadow-sm sm:p-8"
          >
            <LazyPublicBookingWizard
              tourOptions={options}
              defaultTour={preselected}
              dateChoices={dateChoices}
              defaultDeparture={linked?.departure}
              hold={linked && hold ? hold.slice(0, 200) : undefined}
              pricing={pricing}
              defaultAccommodation={tierValue(tier?.slice(0, 40), PUBLIC_ACCOMMODATION_OPTIONS)}
            />
          </section>

          <aside className="space-y-6" aria-label="Booking help">
            <HelpPanel
              headingId="booking-help-heading"
              title="Need Help?"
              text="Not sure which tour suits you? Our Kampala team will help you plan it."
            >
              <WhatsAppChat
                text={HELP_CHAT_TEXT}
                size="lg"
                className="mt-5 h-12 w-full rounded-full bg-[#1a7f4b] text-base font-semibold text-white hover:bg-[#166d40]"
              >
                Chat on WhatsApp
              </WhatsAppChat>
              <ContactList
                className="mt-6 space-y-3 text-sm"
                after={
                  <ContactItem icon={MessageSquareText}>
                    <Link
                      href="/contact"
                      className="font-semibold text-white underline underline-offset-2 hover:text-savanna"
                    >
                      Contact Us
                    </Link>
                  </ContactItem>
                }
              />
            </HelpPanel>

            <section
              aria-labelledby="booking-next-heading"
              className="rounded-2xl border border-border/70 bg-card p-6 shadow-sm"
            >
              <h2
                id="booking-next-heading"
                className="font-display text-xl font-bold text-forest-deep"
              >
                What happens next
              </h2>
              <ol className="mt-4 space-y-4">
                {NEXT_STEPS.map((text, index) => (
                  <li key={text} className="flex gap-3 text-sm text-muted-foreground">
                    <span
                      aria-hidden="true"
                      className="flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary font-semibold text-primary"
                    >
                      {index + 1}
                    </span>
                    <span className="pt-1">{text}</span>
                  </li>
                ))}
              </ol>
              <p className="mt-5 flex items-center gap-2 text-sm font-medium text-forest-deep">
                <Clock className="size-4 text-primary" aria-hidden="true" />
                We reply within 24 hours.
              </p>
            </section>
          </aside>
        </div>
      </div>
    </>
  );
}
