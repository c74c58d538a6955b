"use client";

import dynamic from "next/dynamic";
import { useState } from "react";

import { Cookie, X } from "@/components/icons";
import { type CookieConsentValue, storeCookieConsent } from "@/lib/cookie-consent";

import { CHROME_CLASSES } from "./chrome-classes";

// The dialog (Radix Dialog + Switch) is loaded only when a visitor opens Customize.
const CookiePreferencesDialog = dynamic(
  () => import("./cookie-preferences-dialog").then((m) => m.CookiePreferencesDialog),
  { ssr: false },
);

/**
 * The cookie consent banner, shown by ./cookie-consent: Accept All, Reject All, Customize (a dialog with Functional locked on and Personalization) and
 * Close (hides it for this page view without storing anything).
 */
export function CookieBanner({ onClose }: { onClose: () => void }) {
  const [customizing, setCustomizing] = useState(false);

  const choose = (value: CookieConsentValue) => {
    storeCookieConsent(value);
    setCustomizing(false);
    onClose();
  };

  return (
    <>
      <section
        role="region"
        aria-label="Cookie consent"
        className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-4xl rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-2xl shadow-forest-deep/20 sm:inset-x-6 sm:bottom-6 sm:p-6"
      >
        {/* Plain buttons with the Button's classes: it would bring tailwind-merge (chrome-classes.ts). */}
        <button
          type="button"
          data-slot="button"
          data-variant="ghost"
          data-size="icon-sm"
          aria-label="Close"
          onClick={onClose}
          className={CHROME_CLASSES.bannerClose}
        >
          <X />
        </button>
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
                {/* A plain link: next/link would be bundled a second time into this chunk, which a
                    first visit downloads on every page (4 kB gzip); the policy page loads in full. */}
                {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
                <a
                  href="/legal#cookie-policy"
                  className="font-medium text-primary underline underline-offset-2"
                >
                  Cookie Policy
                </a>
                .
              </p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2 md:shrink-0 md:flex-nowrap md:pr-8">
            <button
              type="button"
              data-slot="button"
              data-variant="outline"
              className={CHROME_CLASSES.bannerOutline}
              onClick={() => setCustomizing(true)}
            >
              Customize
            </button>
            <button
              type="button"
              data-slot="button"
              data-variant="outline"
              className={CHROME_CLASSES.bannerOutline}
              onClick={() => choose({ functional: true, personalization: false })}
            >
              Reject All
            </button>
            <button
              type="button"
              data-slot="button"
              className={CHROME_CLASSES.bannerAccept}
              onClick={() => choose({ functional: true, personalization: true })}
            >
              Accept All
            </button>
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
