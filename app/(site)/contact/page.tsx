import { LazyContactForm } from "@/components/contact/lazy-contact-form";
import { Clock } from "@/components/icons";
import { ContactFaq } from "@/components/site/contact-faq";
import { ContactInfoCards } from "@/components/site/contact-info-cards";
import { pageMetadata } from "@/components/site/page-metadata";
import { PageHero } from "@/components/site/section-heading";
import { WhatsAppChat } from "@/components/site/whatsapp-button";
import { whatsappInquiryText } from "@/lib/site";

export const metadata = pageMetadata({
  title: "Contact Us",
  description:
    "Call, email, WhatsApp or visit Breathe Uganda in Kampala. Ask about gorilla permits, safaris and custom trips: we reply within 24 hours.",
  path: "/contact",
});

export default function ContactPage() {
  return (
    <>
      <PageHero eyebrow="Contact Us" title="Let's plan your Uganda adventure">
        Questions about a tour, permits or a custom trip? Our Kampala team is here to help.
      </PageHero>

      <div className="relative z-10 container-page -mt-10 pb-20 sm:pb-24">
        <ContactInfoCards />

        <div className="mt-12 grid items-start gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-10">
          <section
            aria-labelledby="message-heading"
            className="rounded-2xl border border-border/70 bg-card p-6 shadow-sm sm:p-8"
          >
            <h2
              id="message-heading"
              className="font-display text-2xl font-bold text-forest-deep sm:text-3xl"
            >
              Send Us a Message
            </h2>
            <p className="mt-2 flex items-center gap-2 text-muted-foreground">
              <Clock className="size-4 text-primary" aria-hidden="true" />
              We reply within 24 hours.
            </p>
            <div className="mt-6">
              <LazyContactForm />
            </div>
          </section>

          <div className="space-y-8">
            <section
              aria-labelledby="whatsapp-heading"
              className="rounded-2xl bg-forest-deep p-6 text-white shadow-sm sm:p-8"
            >
              <h2 id="whatsapp-heading" className="font-display text-2xl font-bold">
                Prefer to chat?
              </h2>
              <p className="mt-2 text-white/85">
                Message us on WhatsApp for a quick answer from our team in Kampala.
              </p>
              <WhatsAppChat
                text={whatsappInquiryText}
                size="lg"
                className="mt-6 h-12 w-full rounded-full bg-[#1a7f4b] text-base font-semibold text-white hover:bg-[#166d40] sm:w-auto sm:px-8"
              >
                Chat on WhatsApp
              </WhatsAppChat>
            </section>

            <section
              aria-labelledby="faq-heading"
              className="rounded-2xl border border-border/70 bg-card p-6 shadow-sm sm:p-8"
            >
              <h2 id="faq-heading" className="font-display text-2xl font-bold text-forest-deep">
                Frequently Asked Questions
              </h2>
              <div className="mt-4">
                <ContactFaq />
              </div>
            </section>
          </div>
        </div>
      </div>
    </>
  );
}
