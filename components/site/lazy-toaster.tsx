"use client";

import dynamic from "next/dynamic";

/**
 * The Sonner toaster, loaded after hydration: public pages do not carry it in their first
 * JavaScript. Forms that toast import `sonner` themselves (the same module instance).
 */
export const LazyToaster = dynamic(() => import("@/components/ui/sonner").then((m) => m.Toaster), {
  ssr: false,
});
