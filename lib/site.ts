import { todayInKampala } from "@/lib/dates";

/** Site configuration shown in the chrome, the contact page and emails. */
export const site = {
  name: "Breathe Uganda",
  tagline: "Feel Africa. Breathe Uganda.",
  description:
    "Gorilla treks, Nile adventures, crater lakes and cultural journeys across Uganda and East Africa, guided by a Kampala-based team.",
  phone: "+256 700 123 456",
  phoneHref: "tel:+256700123456",
  email: "info@breatheuganda.com",
  legalEmail: "legal@breatheuganda.com",
  address: "Plot 14, Kampala Road, Kampala, Uganda",
  whatsappNumber: "256700123456",
  officeHours: [
    { days: "Mon-Fri", hours: "8AM-6PM" },
    { days: "Sat-Sun", hours: "9AM-4PM" },
  ],
  timezoneLabel: "East Africa Time",
  socials: [
    { name: "Facebook", href: "https://www.facebook.com/breatheuganda" },
    { name: "Instagram", href: "https://www.instagram.com/breatheuganda" },
    { name: "TikTok", href: "https://www.tiktok.com/@breatheuganda" },
    { name: "YouTube", href: "https://www.youtube.com/@breatheuganda" },
  ],
} as const;

export const whatsappInquiryText = "Hello! I'd like to inquire about your tour packages.";

/** A WhatsApp chat link with a prefilled message. */
export function whatsappLink(text: string): string {
  return `https://wa.me/${site.whatsappNumber}?text=${encodeURIComponent(text)}`;
}

/** The year the operator was founded: the copy's 'since 2009'. */
export const FOUNDED_YEAR = 2009;

/**
 * The operator's years in business, counted from the founding year in Kampala's calendar (17 in
 * 2026): the copy says this number, never one typed in once and left to go stale.
 */
export function yearsInBusiness(today: string = todayInKampala()): number {
  return Number(today.slice(0, 4)) - FOUNDED_YEAR;
}
