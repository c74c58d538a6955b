import { LegalPage } from "@/components/legal/legal-page";
import { pageMetadata } from "@/components/site/page-metadata";

export const metadata = pageMetadata({
  title: "Privacy Policy",
  description: "How Breathe Uganda collects, uses and protects your personal data.",
  path: "/privacy",
});

export default function PrivacyRoute() {
  return <LegalPage defaultSection="privacy-policy" />;
}
