"use client";

import { Cookie, X } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useEffect, useState } from "react";

import { Button } from "@/components/ui/button";

// The dialog (Radix Dialog + Switch) is loaded only when a visitor opens Customize.
const CookiePreferencesDialog = dynamic(
  () => import("./cookie-preferences-dialog").then((m) => m.CookiePreferencesDialog),
  { ssr: false },
);

/** Spec section 9: the storage key and the delay before the banner shows. */
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

function storeCookieConsent(value: CookieConsentValue) {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify(value));
  } catch (error) {
    console.warn("Could not store the cookie consent:", error);
  }
  window.dispatchEvent(new CustomEvent("cookieconsentchange", { detail: value }));
}

/**
 * The cookie consent banner (spec section 4): shown 1 second after load when no choice is stored;
 * Accept All, Reject All, Customize (a dialog with Functional locked on and Personalization) and
 * Close (hides it for this page view without storing anything).
 */
export function CookieConsent() {
  const [visible, setVisible] = useState(false);
  const [customizing, setCustomizing] = useState(false);

  useEffect(() => {
    if (readCookieConsent()) return;
    const timer = window.setTimeout(() => setVisible(true), COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const choose = (value: CookieConsentValue) => {
    storeCookieConsent(value);
    setCustomizing(false);
    setVisible(false);
  };

  if (!visible) return null;

  return (
    <>
      <section
        role="region"
        aria-label="Cookie consent"
        className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-4xl rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-2xl shadow-forest-deep/20 sm:inset-x-6 sm:bottom-6 sm:p-6"
      >
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label="Close"
          onClick={() => setVisible(false)}
          className="absolute top-3 right-3 rounded-full text-muted-foreground"
        >
          <X />
        </Button>
        <div className="flex flex-col gap-4 md:flex-row md:items-center md:gap-6">
          <div className="flex gap-3 pr-8 md:pr-0">
            <Cookie className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <h2 className="font-display text-lg font-semibold text-forest-deep">
                We value your privacy
              </h2>
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
                We use cookies to keep the site working, remember your preferences and personalise
                your experience. Read our{" "}
                <Link
                  href="/legal#cookie-policy"
                  className="font-medium text-primary underline underline-offset-2"
                >
                  Cookie Policy
                </Link>
                .
              </p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2 md:shrink-0 md:flex-nowrap md:pr-8">
            <Button
              type="button"
              variant="outline"
              className="flex-1 md:flex-none"
              onClick={() => setCustomizing(true)}
            >
              Customize
            </Button>
            <Button
              type="button"
              variant="outline"
              className="flex-1 md:flex-none"
              onClick={() => choose({ functional: true, personalization: false })}
            >
              Reject All
            </Button>
            <Button
              type="button"
              className="w-full md:w-auto"
              onClick={() => choose({ functional: true, personalization: true })}
            >
              Accept All
            </Button>
          </div>
        </div>
      </section>

      {customizing ? (
        <CookiePreferencesDialog
          onCancel={() => setCustomizing(false)}
          onSave={(personalization) => choose({ functional: true, personalization })}
        />
      ) : null}
    </>
  );
}
