import { LegalPage } from "@/components/legal/legal-page";
import { pageMetadata } from "@/components/site/page-metadata";

export const metadata = pageMetadata({
  title: "Legal Information",
  description:
    "Breathe Uganda's terms of use, privacy policy, cookie policy and refund & cancellation policy.",
  path: "/legal",
});

export default function LegalRoute() {
  return <LegalPage />;
}
