import { LegalPage } from "@/components/legal/legal-page";
import { legalMetadata } from "@/components/legal/legal-routes";

export const metadata = legalMetadata("/legal");

export default function LegalRoute() {
  return <LegalPage />;
}
