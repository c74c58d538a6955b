import Link from "next/link";

import { FileText, Mail, MapPin, Phone } from "@/components/icons";
import { IconHeading } from "@/components/shared/icon-heading";
import { ContactItem } from "@/components/site/contact-list";
import { PageHero } from "@/components/site/section-heading";
import { site } from "@/lib/site";

import { ScrollToSection } from "./scroll-to-section";

export const LEGAL_SECTIONS = [
  { id: "terms-of-use", title: "Terms of Use", updated: "January 2024" },
  { id: "privacy-policy", title: "Privacy Policy", updated: "January 2024" },
  { id: "cookie-policy", title: "Cookie Policy", updated: "January 2024" },
  { id: "refund-policy", title: "Refund & Cancellation Policy", updated: "January 2025" },
  { id: "legal-contact", title: "Contact for Legal Concerns", updated: null },
] as const;

export type LegalSectionId = (typeof LEGAL_SECTIONS)[number]["id"];

const REFUND_TIERS = [
  {
    notice: "More than 60 days before departure",
    refund: "Full refund minus a 10% administrative fee",
  },
  { notice: "31 to 60 days before departure", refund: "50% refund" },
  { notice: "15 to 30 days before departure", refund: "25% refund" },
  { notice: "Under 15 days before departure", refund: "No refund" },
] as const;

function Section({ id, children }: { id: LegalSectionId; children: React.ReactNode }) {
  const meta = LEGAL_SECTIONS.find((s) => s.id === id);
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-28 rounded-2xl border border-border/70 bg-card p-6 shadow-sm sm:p-10"
    >
      <h2
        id={`${id}-heading`}
        className="font-display text-2xl font-bold text-forest-deep sm:text-3xl"
      >
        {meta?.title}
      </h2>
      {meta?.updated ? (
        <p className="mt-2 text-sm text-muted-foreground">Last updated: {meta.updated}</p>
      ) : null}
      <div className="mt-6 space-y-4 leading-relaxed text-foreground/85 [&_h3]:mt-8 [&_h3]:font-display [&_h3]:text-lg [&_h3]:font-bold [&_h3]:text-forest-deep [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
        {children}
      </div>
    </section>
  );
}

const link = "font-medium text-primary underline underline-offset-4 hover:text-forest-deep";

/**
 * The legal page shown at /legal, /privacy and /terms. `defaultSection` is where the page opens
 * when the URL has no #hash.
 */
export function LegalPage({ defaultSection }: { defaultSection?: LegalSectionId }) {
  const contacts = [
    {
      icon: Mail,
      label: "Legal enquiries",
      content: (
        <a href={`mailto:${site.legalEmail}`} className={link}>
          {site.legalEmail}
        </a>
      ),
    },
    {
      icon: Phone,
      label: "Phone",
      content: (
        <a href={site.phoneHref} className={link}>
          {site.phone}
        </a>
      ),
    },
    {
      icon: MapPin,
      label: "Address",
      content: <address className="inline not-italic">{site.address}</address>,
    },
    {
      icon: Mail,
      label: "General information",
      content: (
        <a href={`mailto:${site.email}`} className={link}>
          {site.email}
        </a>
      ),
    },
  ];

  return (
    <>
      <ScrollToSection defaultSection={defaultSection} />
      <PageHero eyebrow="Legal" title="Terms, Privacy & Policies">
        How we work with you, how we look after your data and what happens if your plans change.
      </PageHero>

      <div className="container-page grid gap-10 pb-20 sm:pb-24 lg:grid-cols-[260px_minmax(0,1fr)] lg:gap-12">
        <aside className="lg:sticky lg:top-28 lg:self-start">
          <nav
            aria-labelledby="legal-toc-heading"
            className="rounded-2xl border border-border/70 bg-card p-6 shadow-sm"
          >
            <IconHeading
              id="legal-toc-heading"
              icon={FileText}
              iconClassName="size-5 text-primary"
              className="font-display text-lg font-bold text-forest-deep"
            >
              On this page
            </IconHeading>
            <ol className="mt-4 space-y-1 text-sm">
              {LEGAL_SECTIONS.map((s) => (
                <li key={s.id}>
                  <a
                    href={`#${s.id}`}
                    className="block rounded-lg px-3 py-2 text-foreground/85 transition-colors hover:bg-secondary hover:text-forest-deep"
                  >
                    {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        </aside>

        <div className="space-y-8">
          <Section id="terms-of-use">
            <p>
              These terms apply to your use of the {site.name} website and to every tour you request
              or book with us. By using the site or sending a booking request you accept them.
            </p>
            <h3>Bookings</h3>
            <ul>
              <li>
                A booking request is not a confirmed booking. Your place is confirmed when we
                confirm it in writing, after checking availability of permits, lodges and guides.
              </li>
              <li>
                Prices are quoted in US dollars per person and depend on the package you choose.
              </li>
              <li>
                Payment is accepted by major credit cards and bank transfers; the payment terms are
                sent with your confirmation.
              </li>
            </ul>
            <h3>Your responsibilities</h3>
            <ul>
              <li>
                You are responsible for a valid passport, visas, the required vaccinations
                (including yellow fever) and for giving us accurate traveller details.
              </li>
              <li>
                We strongly recommend travel insurance covering medical evacuation and cancellation.
              </li>
              <li>
                Please follow your guide&apos;s instructions and the rules of Uganda&apos;s national
                parks, especially near wildlife.
              </li>
            </ul>
            <h3>Changes to itineraries</h3>
            <p>
              Weather, road conditions, park authorities or safety concerns may require changes to
              an itinerary. We will always offer an alternative of a similar standard.
            </p>
            <h3>Website content</h3>
            <p>
              Texts, photographs and artwork on this site belong to {site.name} or its partners and
              may not be reused without permission. These terms are governed by the laws of Uganda.
            </p>
          </Section>

          <Section id="privacy-policy">
            <p>
              We collect only the information we need to answer your questions and run your trip,
              and we never sell it.
            </p>
            <h3>What we collect</h3>
            <ul>
              <li>Contact messages: your name, email, phone number and message.</li>
              <li>
                Booking requests: traveller names, contact details, travel dates, number of
                travellers, chosen tour and any special requirements you share with us.
              </li>
              <li>
                Your account, if you create one: your name, email address and profile details.
              </li>
              <li>Newsletter subscriptions: your email address.</li>
            </ul>
            <h3>How we use it</h3>
            <p>
              To reply to you, to arrange permits, accommodation, transport and guides for your
              trip, to send the emails you asked for, and to meet our legal obligations. We share
              traveller details only with the partners who deliver your tour, such as lodges and the
              Uganda Wildlife Authority for gorilla permits.
            </p>
            <h3>Your rights</h3>
            <p>
              Under Uganda&apos;s Data Protection and Privacy Act you may ask to see, correct or
              delete your personal data. Every newsletter email has an unsubscribe link, and you can
              change your email preferences in your account at any time.
            </p>
          </Section>

          <Section id="cookie-policy">
            <p>Our website uses a small number of cookies and similar browser storage.</p>
            <ul>
              <li>
                <strong>Functional</strong> cookies keep you signed in to your account, protect our
                forms against misuse and remember your cookie choice. The site cannot work without
                them, so they are always on.
              </li>
              <li>
                <strong>Personalization</strong> storage remembers your preferences to personalise
                your experience. It is used only if you accept it in the cookie banner.
              </li>
            </ul>
            <p>
              We do not use advertising cookies. You can also delete cookies in your browser
              settings; you may then need to sign in again.
            </p>
          </Section>

          <Section id="refund-policy">
            <p>
              If you need to cancel, please tell us in writing. The refund depends on how long
              before departure we receive your cancellation:
            </p>
            <div className="relative overflow-x-auto rounded-xl border border-border/70">
              <table className="w-full text-left text-sm sm:text-base">
                <caption className="sr-only">Refund by notice period</caption>
                <thead className="bg-secondary text-forest-deep">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Cancellation notice
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Refund
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {REFUND_TIERS.map((tier) => (
                    <tr key={tier.notice} className="border-t border-border/70">
                      <td className="px-4 py-3">{tier.notice}</td>
                      <td className="px-4 py-3 font-medium">{tier.refund}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p>
              If {site.name} cancels a tour, you receive a full refund or may reschedule your trip
              at no extra cost.
            </p>
            <p>
              Payment is accepted by major credit cards and bank transfers; refunds are made to the
              original payment method.
            </p>
          </Section>

          <Section id="legal-contact">
            <p>For questions about these terms, your data or a refund, contact us:</p>
            <ul className="!list-none space-y-3 !pl-0">
              {contacts.map(({ icon, label, content }) => (
                <ContactItem
                  key={label}
                  icon={icon}
                  className="flex items-start gap-3"
                  iconClassName="mt-1 size-5 shrink-0 text-primary"
                >
                  <span>
                    {label}: {content}
                  </span>
                </ContactItem>
              ))}
            </ul>
            <p>
              Prefer to write to us another way? Use our{" "}
              <Link href="/contact" className={link}>
                contact page
              </Link>
              .
            </p>
          </Section>
        </div>
      </div>
    </>
  );
}
