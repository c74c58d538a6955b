import type { ActionState, Toast } from "@/lib/action-state";

type Sonner = typeof import("sonner").toast;

/** The window event that asks the lazy Toaster (components/site/lazy-toaster.tsx) to mount. */
export const TOASTER_WANTED = "toaster-wanted";

let toasterWanted = false;

/** True once a toast was asked for (before the Toaster listened for the event, say). */
export function isToasterWanted(): boolean {
  return toasterWanted;
}

/**
 * Sonner's `toast`, imported on first use: forms toast only after a submit, so a page's first
 * JavaScript does not carry it (the Toaster itself is lazy too, mounted by the first toast at the
 * latest: components/site/lazy-toaster.tsx). Same module instance as the Toaster's. The one way a
 * component shows a toast.
 */
export async function loadToast(): Promise<Sonner> {
  toasterWanted = true;
  window.dispatchEvent(new Event(TOASTER_WANTED));
  return (await import("sonner")).toast;
}

/**
 * A success toast (green): title and description as the action gave them. With `id`, it takes the
 * place of the toast shown under that id (a form's earlier answer) instead of stacking below it.
 */
export async function toastSuccess(
  { title, message }: Toast,
  duration?: number,
  id?: string,
): Promise<void> {
  (await loadToast()).success(title, { description: message || undefined, duration, id });
}

/** A destructive (failure) toast: title and description as the action gave them (`id`: above). */
export async function toastError(
  { title, message }: Toast,
  duration?: number,
  id?: string,
): Promise<void> {
  (await loadToast()).error(title, { description: message || undefined, duration, id });
}

/**
 * The toast of an action's answer: success, the action's error, or for invalid input the
 * action's own title ('Terms Required') or `invalidTitle` with the first field's message.
 */
export async function toastState(
  state: ActionState,
  invalidTitle: string,
  id?: string,
): Promise<void> {
  if (state.status === "success") await toastSuccess(state, undefined, id);
  else if (state.status === "error") await toastError(state, undefined, id);
  else if (state.status === "invalid") {
    const first = Object.values(state.fieldErrors)[0]?.[0];
    await toastError(
      {
        title: state.title ?? invalidTitle,
        message: state.title ? state.message : (first ?? state.message),
      },
      undefined,
      id,
    );
  }
}
