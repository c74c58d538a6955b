/**
 * Setup file of the `integration` project (vitest.config.ts): what a running Next server gives
 * server actions and route handlers, for every integration test file.
 *
 * - next/headers: the fake request (tests/helpers/fake-request.ts): its address, cookies, host.
 * - next/server's after(): the task is kept in `fakeRequest.after` (run it with runAfterTasks()).
 * - next/cache: revalidation is a no-op and unstable_cache reads through (no server cache); a file that checks the cache wiring
 *   mocks next/cache itself, which replaces this one.
 * - lib/password: new hashes are made at a low scrypt cost. Integration tests sign up, sign in and
 *   change passwords by the dozen; at the production cost each hash is most of a core for a few
 *   hundred milliseconds, which made the sign-in files the slowest of the suite. The stored format
 *   and the verification are the real ones (the cost travels inside each hash), and the production
 *   cost and the hashing limit are tested in tests/unit/password-*.test.ts.
 * - AUTH_SECRET: Auth.js refuses to run without one.
 * - MFA_ENCRYPTION_KEY: a fixed key, so the TOTP secrets the tests store are encrypted without a
 *   key file being generated into the working directory's .data/.
 */
import { randomBytes, scryptSync } from "node:crypto";

import { vi } from "vitest";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.MFA_ENCRYPTION_KEY ??= Buffer.alloc(32, 42).toString("base64");

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

vi.mock("@/lib/accounts/password", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/accounts/password")>();
  const [N, R, P] = [2 ** 10, 8, 1];
  const hashPassword = async (password: string) => {
    const salt = randomBytes(16);
    const key = scryptSync(password.normalize("NFKC"), salt, 32, { N, r: R, p: P });
    return ["scrypt", N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
  };
  let dummyHash: Promise<string> | undefined;
  return {
    ...real,
    hashPassword,
    getDummyHash: () => (dummyHash ??= hashPassword(randomBytes(16).toString("hex"))),
  };
});
