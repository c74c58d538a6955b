"use client";

import dynamic from "next/dynamic";
import { type MouseEvent, type ReactNode, useEffect, useState } from "react";

import {
  COOKIE_BANNER_DELAY_MS,
  type CookieConsentValue,
  readCookieConsent,
  storeCookieConsent,
} from "@/lib/cookie-consent";

// The dialog (Radix Dialog + Switch) is loaded only when a visitor opens Customize.
const CookiePreferencesDialog = dynamic(
  () => import("./cookie-preferences-dialog").then((m) => m.CookiePreferencesDialog),
  { ssr: false },
);

/** What each of the banner's buttons does, named by its `data-cookie-choice`. */
export type CookieBannerButton = "accept" | "reject" | "customize" | "close";

/**
 * Shows the cookie consent banner (./cookie-banner, rendered on the server and passed in) 1 second
 * after load when no choice is stored, and answers its buttons. A returning visitor's page reads
 * the stored choice and draws nothing.
 */
export function CookieConsent({ banner }: { banner: ReactNode }) {
  const [visible, setVisible] = useState(false);
  const [customizing, setCustomizing] = useState(false);

  useEffect(() => {
    if (readCookieConsent()) return;
    const timer = window.setTimeout(() => setVisible(true), COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!visible) return null;

  function choose(value: CookieConsentValue) {
    storeCookieConsent(value);
    setCustomizing(false);
    setVisible(false);
  }

  // One listener for the banner's buttons: they are server-rendered markup, with no handlers.
  function onBannerClick(event: MouseEvent<HTMLDivElement>) {
    const button = (event.target as Element).closest<HTMLElement>("[data-cookie-choice]");
    switch (button?.dataset.cookieChoice as CookieBannerButton | undefined) {
      case "accept":
        return choose({ functional: true, personalization: true });
      case "reject":
        return choose({ functional: true, personalization: false });
      case "customize":
        return setCustomizing(true);
      case "close":
        return setVisible(false);
    }
  }

  return (
    <>
      <div onClick={onBannerClick}>{banner}</div>
      {customizing ? (
        <CookiePreferencesDialog
          onCancel={() => setCustomizing(false)}
          onSave={(personalization) => choose({ functional: true, personalization })}
        />
      ) : null}
    </>
  );
}
