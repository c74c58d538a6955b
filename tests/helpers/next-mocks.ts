/**
 * Setup file of the `integration` project (vitest.config.ts): what a running Next server gives
 * server actions and route handlers, for every integration test file.
 *
 * - next/headers: the fake request (tests/helpers/fake-request.ts): its address, cookies, host.
 * - next/server's after(): the task is kept in `fakeRequest.after` (run it with runAfterTasks()).
 * - next/cache: revalidation is a no-op and unstable_cache reads through (no server cache); a file that checks the cache wiring
 *   mocks next/cache itself, which replaces this one.
 * - AUTH_SECRET: Auth.js refuses to run without one.
 */
import { vi } from "vitest";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

vi.mock("next/headers", async () => (await import("@/tests/helpers/fake-request")).nextHeaders);
vi.mock("next/server", async (importOriginal) => {
  const { fakeRequest } = await import("@/tests/helpers/fake-request");
  return {
    ...(await importOriginal<typeof import("next/server")>()),
    after: (task: () => unknown) => {
      fakeRequest.after.push(task);
    },
  };
});
vi.mock("next/cache", () => ({
  revalidatePath: () => {},
  revalidateTag: () => {},
  unstable_cache: <T>(fn: T) => fn,
}));
