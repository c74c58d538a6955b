import { LegalPage } from "@/components/legal/legal-page";
import { pageMetadata } from "@/components/site/page-metadata";

export const metadata = pageMetadata({
  title: "Terms of Service",
  description: "The terms that apply to Breathe Uganda's website, bookings and tours.",
  path: "/terms",
});

export default function TermsRoute() {
  return <LegalPage defaultSection="terms-of-use" />;
}
