/** Refusals for tests: what a DAL call or an action was refused with. */
import { DomainError } from "@/lib/errors";

/** The DomainError a promise is refused with (a resolved one, or another error, fails the test). */
export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError))
    throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}
