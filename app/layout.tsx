import "./globals.css";

import type { Metadata, Viewport } from "next";

import { CookieConsent } from "@/components/site/cookie-consent";
import { LazyToaster } from "@/components/site/lazy-toaster";
import { env } from "@/lib/env";
import { site } from "@/lib/site";

export const metadata: Metadata = {
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

export const viewport: Viewport = {
  themeColor: "#0f3d2e",
  colorScheme: "light",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-dvh">
        {children}
        <LazyToaster position="top-center" />
        <CookieConsent />
      </body>
    </html>
  );
}
