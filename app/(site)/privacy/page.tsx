import { LegalPage } from "@/components/legal/legal-page";
import { legalMetadata, legalSection } from "@/components/legal/legal-routes";

export const metadata = legalMetadata("/privacy");

export default function PrivacyRoute() {
  return <LegalPage defaultSection={legalSection("/privacy")} />;
}
