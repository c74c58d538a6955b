/**
 * The booking terms' version a traveller accepts with a proposal (kept on the accepted version):
 * the last-updated dates of the Terms of Use and of the Refund & Cancellation Policy, as the terms
 * page shows them (LEGAL_SECTIONS in components/legal/legal-page.tsx; a unit test keeps the two in step). A
 * change to either section's text changes its date there, and so this version.
 */
export const TERMS_VERSION = "Terms of Use January 2024; Refund & Cancellation Policy January 2025";
