import type { Metadata } from "next";

import { site } from "@/lib/site";

/**
 * Metadata of one public page. Next merges metadata shallowly, so a page that sets `openGraph`
 * replaces the root's: this helper repeats the site-wide fields next to the page's own.
 */
export function pageMetadata({
  title,
  description,
  path,
  image = "/images/hero.svg",
  imageAlt = `${site.name}: ${site.tagline}`,
  absoluteTitle = false,
  type = "website",
}: {
  title: string;
  description: string;
  path: string;
  image?: string;
  imageAlt?: string;
  absoluteTitle?: boolean;
  type?: "website" | "article";
}): Metadata {
  const fullTitle = absoluteTitle ? title : `${title} | ${site.name}`;
  return {
    title: absoluteTitle ? { absolute: title } : title,
    description,
    alternates: { canonical: path },
    openGraph: {
      siteName: site.name,
      locale: "en_US",
      type,
      url: path,
      title: fullTitle,
      description,
      images: [{ url: image, alt: imageAlt }],
    },
    twitter: {
      card: "summary_large_image",
      title: fullTitle,
      description,
      images: [image],
    },
  };
}
