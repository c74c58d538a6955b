import type { Metadata, Viewport } from "next";

import { env } from "@/lib/env";
import { site } from "@/lib/site";

import { CarriedToast } from "./carried-toast";
import { CookieBanner } from "./cookie-banner";
import { CookieConsent } from "./cookie-consent";
import { LazyToaster } from "./lazy-toaster";

/**
 * The document every area shares. The public pages, the account (/customer) and the admin area
 * (/admin) are each a root layout of their own, so each page loads its own area's stylesheet
 * only: going from one area to another is a full page load, which never leaves one area's
 * utilities in a document of another (two Tailwind stylesheets in one document override each
 * other's classes by the order they were loaded in).
 */
export const rootMetadata: Metadata = {
  metadataBase: new URL(env.SITE_URL),
  title: {
    template: `%s | ${site.name}`,
    default: `${site.name} | ${site.tagline}`,
  },
  description: site.description,
  applicationName: site.name,
  keywords: [
    "Uganda safari",
    "gorilla trekking",
    "Bwindi",
    "Murchison Falls",
    "Nile rafting",
    "Kampala tour operator",
    "East Africa tours",
  ],
  openGraph: {
    siteName: site.name,
    locale: "en_US",
    type: "website",
    title: `${site.name} | ${site.tagline}`,
    description: site.description,
    images: [{ url: "/images/hero.svg", alt: "Misty green hills of Uganda at sunrise" }],
  },
  twitter: {
    card: "summary_large_image",
    title: `${site.name} | ${site.tagline}`,
    description: site.description,
    images: ["/images/hero.svg"],
  },
  formatDetection: { telephone: false },
};

export const rootViewport: Viewport = {
  themeColor: "#0f3d2e",
  colorScheme: "light",
};

export function RootDocument({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-dvh">
        {children}
        <LazyToaster position="top-center" />
        <CarriedToast />
        <CookieConsent banner={<CookieBanner />} />
      </body>
    </html>
  );
}
