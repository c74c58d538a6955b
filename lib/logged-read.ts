import { unstable_rethrow } from "next/navigation";

/**
 * A read whose failure the page survives (fetch failures of the customer's
 * bookings, messages, preferences and subscription state are only logged; the lists stay empty
 * and the visitor sees no message). Next's own signals (redirect to sign in, not found) pass.
 */
export async function loggedRead<T>(what: string, read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    unstable_rethrow(error);
    console.error(
      JSON.stringify({
        event: "read_failed",
        what,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    return fallback;
  }
}
