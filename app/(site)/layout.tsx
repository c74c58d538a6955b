import { SiteChrome } from "@/components/site/site-chrome";

/** Public pages: contact strip, sticky navigation, footer and the floating WhatsApp button. */
export default function SiteLayout({ children }: { children: React.ReactNode }) {
  return <SiteChrome>{children}</SiteChrome>;
}
