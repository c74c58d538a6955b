// The visitor's cookie choice, kept in localStorage. Browser-only helpers
// used by the banner's loader (components/site/cookie-consent).

/** The storage key and the delay before the banner shows. */
export const COOKIE_CONSENT_KEY = "cookieConsent";
export const COOKIE_BANNER_DELAY_MS = 1000;

export type CookieConsentValue = { functional: true; personalization: boolean };

/** The stored choice, or null when there is none. A corrupt value is logged and ignored. */
export function readCookieConsent(): CookieConsentValue | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(COOKIE_CONSENT_KEY);
  } catch {
    return null; // Storage blocked: ask again (nothing can be remembered anyway).
  }
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      value &&
      typeof value === "object" &&
      typeof (value as { personalization?: unknown }).personalization === "boolean"
    ) {
      return {
        functional: true,
        personalization: (value as { personalization: boolean }).personalization,
      };
    }
    throw new Error("not a cookie consent object");
  } catch (error) {
    console.warn(`Ignoring the invalid ${COOKIE_CONSENT_KEY} value in localStorage:`, error);
    return null;
  }
}

export function storeCookieConsent(value: CookieConsentValue) {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify(value));
  } catch (error) {
    console.warn("Could not store the cookie consent:", error);
  }
  window.dispatchEvent(new CustomEvent("cookieconsentchange", { detail: value }));
}
