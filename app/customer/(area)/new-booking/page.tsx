import type { Metadata } from "next";

import { NewBookingWizard } from "@/components/customer/new-booking-wizard";
import { PageHeader } from "@/components/shared/page-header";
import { ArrowLeft, Clock } from "@/components/icons";
import { ContactItem, ContactList } from "@/components/site/contact-list";
import { HelpPanel } from "@/components/site/help-panel";
import { LinkButton } from "@/components/site/link-button";
import { bookingTourOptions } from "@/lib/bookings/packages";
import { getMyProfile } from "@/lib/accounts/data/profile";
import { getWizardDateChoices } from "@/lib/bookings/data/dates";
import { getWizardPricing } from "@/lib/bookings/data/pricing";
import { getActiveTourCards } from "@/lib/tours/data/catalogue";
import { site } from "@/lib/site";

export const metadata: Metadata = { title: "Book New Trip" };

export default async function NewBookingPage() {
  const [profile, tours] = await Promise.all([getMyProfile(), getActiveTourCards()]);
  // The departures on sale with their seats left now (this page renders per request).
  const dateChoices = await getWizardDateChoices(tours);
  const pricing = await getWizardPricing(dateChoices);
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <LinkButton href="/customer" icon={ArrowLeft} variant="ghost" className="-ml-3">
          Back to Dashboard
        </LinkButton>
      </div>
      <PageHeader
        title="Book New Trip"
        description={`Booking as ${profile.email}. We confirm within 24 hours.`}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section
          aria-label="Booking form"
          className="rounded-2xl border border-border/70 bg-card p-5 shadow-sm sm:p-8"
        >
          <NewBookingWizard
            tourOptions={bookingTourOptions(tours)}
            defaults={{ fullName: profile.fullName ?? "", phone: profile.phone ?? "" }}
            dateChoices={dateChoices}
            pricing={pricing}
          />
        </section>
        <HelpPanel
          as="aside"
          headingId="help-heading"
          title="Need help?"
          text="Our Kampala team will help you choose and plan your trip."
          compact
        >
          <ContactList
            className="mt-4 space-y-3 text-sm"
            after={
              <ContactItem
                icon={Clock}
                className="flex items-start gap-3"
                iconClassName="mt-0.5 size-4 shrink-0 text-savanna"
              >
                <span className="text-white/90">
                  {site.officeHours.map((h) => `${h.days} ${h.hours}`).join(", ")} (
                  {site.timezoneLabel})
                </span>
              </ContactItem>
            }
          />
        </HelpPanel>
      </div>
    </div>
  );
}
