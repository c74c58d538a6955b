import Link from "next/link";

import { MapPin } from "@/components/icons";
import { asciiHtml } from "@/lib/ascii-html";
import { site } from "@/lib/site";

import { ContactItem, ContactList } from "./contact-list";
import { Logo } from "./logo";
import { LazyNewsletterForm } from "./lazy-newsletter-form";
import { SOCIAL_ICONS } from "./social-icons";

const QUICK_LINKS = [
  { href: "/tours", label: "Tour Packages" },
  { href: "/about", label: "About Us" },
  { href: "/contact", label: "Contact" },
  { href: "/booking", label: "Book Now" },
  { href: "/privacy", label: "Privacy Policy" },
  { href: "/terms", label: "Terms of Service" },
] as const;

const CONTACT_ITEM = "flex gap-3";
const CONTACT_ICON = "mt-0.5 size-4 shrink-0 text-savanna";

/** The public footer. A server component: the year is computed on the server. */
export function SiteFooter() {
  const year = new Date().getFullYear();

  return (
    <footer className="bg-forest-deep text-white/85">
      <div className="container-page grid gap-12 py-16 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1.2fr_1.4fr] lg:gap-10">
        <div className="space-y-5">
          <Logo tone="light" />
          <p className="max-w-xs text-sm leading-relaxed text-white/80">
            Kampala-based guides crafting gorilla treks, Nile adventures, crater-lake escapes and
            cultural journeys across Uganda since 2009. {site.tagline}
          </p>
          <ul className="flex gap-3" aria-label="Social media">
            {site.socials.map((social) => {
              const Icon = SOCIAL_ICONS[social.name];
              return (
                <li key={social.name}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${site.name} on ${social.name}`}
                    className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-savanna hover:text-forest-deep focus-visible:ring-[3px] focus-visible:ring-savanna/60 focus-visible:outline-none"
                  >
                    <Icon className="size-[18px]" />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="font-display text-lg font-semibold text-white">
            Quick Links
          </h2>
          <ul className="mt-5 space-y-3 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className="text-white/80 transition-colors hover:text-savanna"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="font-display text-lg font-semibold text-white">Contact Info</h2>
          <ContactList
            className="mt-5 space-y-4 text-sm"
            itemClassName={CONTACT_ITEM}
            iconClassName={CONTACT_ICON}
            linkClassName="text-white/80 hover:text-savanna"
            before={
              <ContactItem icon={MapPin} className={CONTACT_ITEM} iconClassName={CONTACT_ICON}>
                <address className="text-white/80 not-italic">
                  {site.address.replace(/, Kampala, Uganda$/, "")}
                  <br />
                  Kampala, Uganda
                </address>
              </ContactItem>
            }
          />
        </div>

        <div>
          <h2 className="font-display text-lg font-semibold text-white">Newsletter</h2>
          <p className="mt-5 mb-4 text-sm leading-relaxed text-white/80">
            Travel stories, seasonal offers and gorilla-permit news, about once a month.
          </p>
          <LazyNewsletterForm />
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="container-page flex flex-col items-center justify-between gap-3 py-6 text-sm text-white/75 sm:flex-row">
          <p dangerouslySetInnerHTML={asciiHtml(`© ${year} ${site.name}. All rights reserved.`)} />
          <p className="font-display text-savanna italic">{site.tagline}</p>
        </div>
      </div>
    </footer>
  );
}
