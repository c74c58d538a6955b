"use client";

import { useEffect } from "react";

import { toastSuccess } from "@/components/forms/load-toast";
import type { Toast } from "@/lib/action-state";

const KEY = "carried-toast";

/**
 * Shows a success toast on the next page too. Going from one area to another (the account's Sign
 * Out to home) loads a new document, which would drop a toast shown just before it; the toast
 * waits in the tab's session storage until the new page's CarriedToast shows it.
 */
export function carryToast(toast: Toast) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ title: toast.title, message: toast.message }));
  } catch {
    // Storage refused (private mode): the toast was shown on the page being left.
  }
}

/** In every area's document: the toast a page left for this one, if any. */
export function CarriedToast() {
  useEffect(() => {
    let carried: string | null = null;
    try {
      carried = sessionStorage.getItem(KEY);
      sessionStorage.removeItem(KEY);
    } catch {
      return;
    }
    if (carried) void toastSuccess(JSON.parse(carried) as Toast);
  }, []);
  return null;
}
