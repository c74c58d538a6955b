import { LegalPage } from "@/components/legal/legal-page";
import { legalMetadata, legalSection } from "@/components/legal/legal-routes";

export const metadata = legalMetadata("/terms");

export default function TermsRoute() {
  return <LegalPage defaultSection={legalSection("/terms")} />;
}
