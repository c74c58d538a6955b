/** What an action answers, for assertions on its state (lib/action-state.ts). */

/** A success, with the toast's title and message. */
export const succeeded = (title: string, message: string) => ({
  status: "success" as const,
  title,
  message,
});

/** A refusal shown under one field (and, when given, the toast's title). */
export const refusedOn = (field: string, message: string, title?: string) => ({
  status: "invalid" as const,
  ...(title === undefined ? {} : { title }),
  fieldErrors: { [field]: [message] },
});
