type Toast = typeof import("sonner").toast;

/**
 * Sonner's `toast`, imported on first use: the public pages' forms (newsletter, contact) toast only
 * after a submit, so their first JavaScript does not carry it (the Toaster itself is lazy too,
 * components/site/lazy-toaster.tsx). Same module instance as the Toaster's.
 */
export async function loadToast(): Promise<Toast> {
  return (await import("sonner")).toast;
}
