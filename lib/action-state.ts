/** Shared by server actions and the client forms that show their result. */
export type FieldErrors = Record<string, string[]>;

/** A toast as the user reads it: its title and description. */
export type Toast = { title: string; message: string };

export type ActionState =
  | { status: "idle" }
  | { status: "success"; title: string; message: string; data?: Record<string, string> }
  | {
      status: "invalid";
      fieldErrors: FieldErrors;
      values: Record<string, string>;
      message: string;
      /** A toast title for an invalid request the form shows as a toast too ('Terms Required'). */
      title?: string;
    }
  | {
      status: "error";
      title: string;
      message: string;
      values?: Record<string, string>;
      /** A machine-readable reason the form acts on (sign-in: 'unverified' offers a new link). */
      code?: string;
    };

export const idleState: ActionState = { status: "idle" };
