import type { Metadata } from "next";
import Link from "next/link";

import { NewBookingWizard } from "@/components/customer/new-booking-wizard";
import { PageHeader } from "@/components/customer/page-header";
import { ArrowLeft, Clock, Mail, Phone } from "@/components/icons";
import { Button } from "@/components/ui/button";
import { bookingTourOptions } from "@/lib/booking-options";
import { getMyProfile } from "@/lib/dal/account";
import { getActiveTourCards } from "@/lib/dal/tours";
import { site } from "@/lib/site";

export const metadata: Metadata = { title: "Book New Trip" };

export default async function NewBookingPage() {
  const [profile, tours] = await Promise.all([getMyProfile(), getActiveTourCards()]);
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <Button asChild variant="ghost" className="-ml-3">
          <Link href="/customer">
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
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
          />
        </section>
        <aside
          aria-labelledby="help-heading"
          className="h-fit rounded-2xl bg-forest-deep p-6 text-white shadow-sm"
        >
          <h2 id="help-heading" className="font-display text-xl font-bold">
            Need help?
          </h2>
          <p className="mt-2 text-sm text-white/85">
            Our Kampala team will help you choose and plan your trip.
          </p>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex items-center gap-3">
              <Phone className="size-4 shrink-0 text-savanna" aria-hidden="true" />
              <a href={site.phoneHref} className="text-white/90 hover:text-savanna">
                {site.phone}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <Mail className="size-4 shrink-0 text-savanna" aria-hidden="true" />
              <a
                href={`mailto:${site.email}`}
                className="break-all text-white/90 hover:text-savanna"
              >
                {site.email}
              </a>
            </li>
            <li className="flex items-start gap-3">
              <Clock className="mt-0.5 size-4 shrink-0 text-savanna" aria-hidden="true" />
              <span className="text-white/90">
                {site.officeHours.map((h) => `${h.days} ${h.hours}`).join(", ")} (
                {site.timezoneLabel})
              </span>
            </li>
          </ul>
        </aside>
      </div>
    </div>
  );
}
