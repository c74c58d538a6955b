import { toast } from "sonner";

import type { ActionState } from "@/lib/action-state";

/** The message of an action result: for invalid input, the first field error. */
export function stateMessage(state: ActionState): string {
  switch (state.status) {
    case "idle":
      return "";
    case "invalid":
      return state.title
        ? state.message
        : (Object.values(state.fieldErrors)[0]?.[0] ?? state.message);
    default:
      return state.message;
  }
}

/** The spec's toasts: success, or a destructive toast titled by the action (or `invalidTitle`). */
export function toastResult(state: ActionState, invalidTitle: string): void {
  if (state.status === "success")
    toast.success(state.title, state.message ? { description: state.message } : undefined);
  else if (state.status === "error") toast.error(state.title, { description: state.message });
  else if (state.status === "invalid")
    toast.error(state.title ?? invalidTitle, { description: stateMessage(state) });
}
