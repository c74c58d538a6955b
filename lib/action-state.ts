/** Shared by server actions and the client forms that show their result. */
export type FieldErrors = Record<string, string[]>;

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

/** An expected failure with a message for the user (a toast title and description). */
export class ActionError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
    this.name = "ActionError";
  }
}

/** An expected failure tied to fields the server checks (an unknown tour id): shown on the fields. */
export class ActionFieldError extends Error {
  constructor(
    readonly fieldErrors: FieldErrors,
    message = "Please correct the highlighted fields.",
  ) {
    super(message);
    this.name = "ActionFieldError";
  }
}
