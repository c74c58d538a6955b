/** What an action answers, for assertions on its state (lib/action-state.ts). */

/** A success, with the toast's title and message. */
export const succeeded = (title: string, message: string) => ({
  status: "success" as const,
  title,
  message,
});
