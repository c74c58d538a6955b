"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";

import { COOKIE_BANNER_DELAY_MS, readCookieConsent } from "@/lib/cookie-consent";

// The banner's code is loaded only when it is about to show (nothing stored, after the delay):
// a returning visitor never downloads it.
const CookieBanner = dynamic(() => import("./cookie-banner").then((m) => m.CookieBanner), {
  ssr: false,
});

/**
 * The cookie consent banner: shown 1 second after load when no choice is stored.
 * The banner itself (Accept All, Reject All, Customize, Close) is in ./cookie-banner.
 */
export function CookieConsent() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (readCookieConsent()) return;
    const timer = window.setTimeout(() => setVisible(true), COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return visible ? <CookieBanner onClose={() => setVisible(false)} /> : null;
}
