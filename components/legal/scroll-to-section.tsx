"use client";

import { useEffect } from "react";

/**
 * On load, scrolls smoothly to the section named by the URL hash, or to `defaultSection` when
 * the URL has none (/privacy and /terms open on their own section). Renders nothing.
 */
export function ScrollToSection({ defaultSection }: { defaultSection?: string }) {
  useEffect(() => {
    const hash = decodeURIComponent(window.location.hash.slice(1));
    const id = hash || defaultSection;
    if (!id) return;
    const target = document.getElementById(id);
    if (!target) return;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const frame = window.requestAnimationFrame(() => {
      target.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [defaultSection]);

  return null;
}
