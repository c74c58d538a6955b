/**
 * Each OCTO key is rate limited (lib/resellers/http.ts): over its limit, a call is answered 429
 * with Retry-After and does nothing; the count is per key (its hash), never per address, so
 * resellers behind one gateway do not share it. The limiter itself is tested elsewhere; here its
 * answer is chosen.
 */
import { vi } from "vitest";

const limiter = vi.hoisted(() => ({ refuse: false, keys: [] as string[][] }));
vi.mock("@/lib/rate-limit", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/rate-limit")>();
  return {
    ...real,
    checkRateLimit: async (scope: string, keys: string[], ...rest: unknown[]) => {
      if (scope !== "octo-key") return real.checkRateLimit(scope, keys, ...(rest as []));
      limiter.keys.push(keys);
      return limiter.refuse ? { allowed: false, retryAfterSeconds: 7 } : { allowed: true };
    },
  };
});

import { expect, it } from "vitest";

import { createReseller } from "@/lib/resellers/data/resellers";
import { hashApiKey } from "@/lib/resellers/rules";
import { octoClient } from "@/tests/helpers/octo";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(async () => createReseller({ name: "Busy Reseller" }));

it("answers 429 with Retry-After over the key's limit, counted by the key's hash", async () => {
  const api = octoClient(t.w.key);
  expect((await api.supplier()).status).toBe(200);
  expect(limiter.keys.at(-1)).toEqual([hashApiKey(t.w.key)]);
  limiter.refuse = true;
  const refused = await api.products();
  expect(refused.status).toBe(429);
  expect(refused.headers.get("retry-after")).toBe("7");
  expect(refused.body).toMatchObject({ error: "TOO_MANY_REQUESTS" });
  // A call without a valid key is refused before it is counted.
  const before = limiter.keys.length;
  expect((await octoClient("bu_live_unknown").products()).status).toBe(403);
  expect(limiter.keys.length).toBe(before);
});
