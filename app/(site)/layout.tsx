import "./site.css";

import { RootDocument, rootMetadata, rootViewport } from "@/components/site/root-document";
import { SiteChrome } from "@/components/site/site-chrome";

export const metadata = rootMetadata;
export const viewport = rootViewport;

// Static public pages (about, contact, legal) are regenerated daily, so the footer's year,
// computed on the server, turns over on New Year's Day without a new build.
export const revalidate = 86400;

/** Public pages: contact strip, sticky navigation, footer and the floating WhatsApp button. */
export default function SiteLayout({ children }: { children: React.ReactNode }) {
  return (
    <RootDocument>
      <SiteChrome>{children}</SiteChrome>
    </RootDocument>
  );
}
