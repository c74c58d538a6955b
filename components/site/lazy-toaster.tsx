"use client";

import dynamic from "next/dynamic";
import { type ComponentProps, useEffect, useState } from "react";

import { isToasterWanted, TOASTER_WANTED } from "@/components/forms/load-toast";

const Toaster = dynamic(() => import("@/components/ui/sonner").then((m) => m.Toaster), {
  ssr: false,
});

/** What tells the page someone is using it (a toast can only follow one of these). */
const USE_EVENTS = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

/**
 * The Sonner toaster, loaded on the first sign that someone uses the page (or the first toast):
 * a page that is only looked at never downloads it. Mounted before any form can answer, so its
 * live region is in place when the first toast is announced. Forms that toast import `sonner`
 * themselves (the same module instance; a toast made before the toaster subscribed is shown).
 */
export function LazyToaster(props: ComponentProps<typeof Toaster>) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    // A toast asked for by a page's effect, which runs before this layout's.
    if (isToasterWanted()) return want();
    for (const name of USE_EVENTS)
      document.addEventListener(name, want, { capture: true, passive: true });
    window.addEventListener(TOASTER_WANTED, want);
    return () => {
      for (const name of USE_EVENTS) document.removeEventListener(name, want, { capture: true });
      window.removeEventListener(TOASTER_WANTED, want);
    };
  }, [wanted]);
  return wanted ? <Toaster {...props} /> : null;
}
