import { pageMetadata } from "@/components/site/page-metadata";

import type { LegalSectionId } from "./legal-page";

/** The three addresses of the legal page, each with its metadata and the section it opens at. */
const LEGAL_ROUTES = {
  "/legal": {
    title: "Legal Information",
    description:
      "Breathe Uganda's terms of use, privacy policy, cookie policy and refund & cancellation policy.",
    section: undefined,
  },
  "/privacy": {
    title: "Privacy Policy",
    description: "How Breathe Uganda collects, uses and protects your personal data.",
    section: "privacy-policy",
  },
  "/terms": {
    title: "Terms of Service",
    description: "The terms that apply to Breathe Uganda's website, bookings and tours.",
    section: "terms-of-use",
  },
} as const satisfies Record<
  string,
  { title: string; description: string; section: LegalSectionId | undefined }
>;

export type LegalPath = keyof typeof LEGAL_ROUTES;

export function legalMetadata(path: LegalPath) {
  const { title, description } = LEGAL_ROUTES[path];
  return pageMetadata({ title, description, path });
}

/** The section a legal address opens at when the URL has no #hash. */
export function legalSection(path: LegalPath): LegalSectionId | undefined {
  return LEGAL_ROUTES[path].section;
}
